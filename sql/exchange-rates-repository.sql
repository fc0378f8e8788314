-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- ExchangeRatesRepository.inForce
SELECT DISTINCT ON (from_currency, to_currency) from_currency, to_currency, rate, effective_date
 FROM exchange_rates
WHERE organization_id = $1 AND effective_date <= $2
ORDER BY from_currency, to_currency, effective_date DESC;
