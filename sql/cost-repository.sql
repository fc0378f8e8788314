-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- CostRepository.contractorAmounts
SELECT c.id, l.cost_multiplier AS multiplier, r.effective_date, r.rate, r.rate_type, r.currency_code
FROM (SELECT id, geography_id FROM contractors WHERE organization_id = $2 AND plan_id = $1 AND id = ANY($3)) c
LEFT JOIN locations l ON l.organization_id = $2 AND l.id = c.geography_id
LEFT JOIN rate_adjustments r ON r.organization_id = $2 AND r.plan_id = $1 AND r.contractor_id = c.id;

-- CostRepository.employeeAmounts (by ids)
SELECT e.id, l.cost_multiplier AS multiplier, s.effective_date, s.salary, s.currency_code
FROM (SELECT id, geography_id FROM employees WHERE organization_id = $2 AND plan_id = $1 AND id = ANY($3)) e
LEFT JOIN locations l ON l.organization_id = $2 AND l.id = e.geography_id
LEFT JOIN salary_adjustments s ON s.organization_id = $2 AND s.plan_id = $1 AND s.employee_id = e.id AND s.effective_date <= $5::date
  AND NOT EXISTS (SELECT 1 FROM salary_adjustments n
                   WHERE n.organization_id = $2 AND n.plan_id = $1 AND n.employee_id = s.employee_id
                     AND n.effective_date > s.effective_date AND n.effective_date <= $4::date
                     AND (n.currency_code = s.currency_code OR n.currency_code = (SELECT o.reporting_currency FROM organizations o WHERE o.id = $2)));

-- CostRepository.employeeAmounts (without window)
SELECT e.id, l.cost_multiplier AS multiplier, s.effective_date, s.salary, s.currency_code
FROM (SELECT id, geography_id FROM employees WHERE organization_id = $2 AND plan_id = $1 AND id = ANY($3)) e
LEFT JOIN locations l ON l.organization_id = $2 AND l.id = e.geography_id
LEFT JOIN salary_adjustments s ON s.organization_id = $2 AND s.plan_id = $1 AND s.employee_id = e.id;

-- CostRepository.vacancyAmounts
SELECT v.id, l.cost_multiplier AS multiplier, v.salary, v.currency_code
FROM (SELECT id, geography_id, salary, currency_code FROM vacancies WHERE organization_id = $2 AND plan_id = $1 AND id = ANY($3)) v
LEFT JOIN locations l ON l.organization_id = $2 AND l.id = v.geography_id;
