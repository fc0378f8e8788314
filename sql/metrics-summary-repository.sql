-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- MetricsSummaryRepository.metrics (all)
SELECT id, key, name, unit, active, cost_scope_type, cost_scope_id FROM business_metrics WHERE organization_id = $1 AND active ORDER BY key;

-- MetricsSummaryRepository.metrics (one)
SELECT id, key, name, unit, active, cost_scope_type, cost_scope_id FROM business_metrics WHERE organization_id = $1 AND (id = $2 OR key = $2) ORDER BY (id = $2) DESC LIMIT 1;

-- MetricsSummaryRepository.readingTotals
SELECT metric_id, count(*)::int AS readings, COALESCE(sum(value) FILTER (WHERE period_start >= $2::date AND period_end <= $3::date), 0) + COALESCE(sum(value * (LEAST(period_end, $3::date) - GREATEST(period_start, $2::date) + 1) / (period_end - period_start + 1)) FILTER (WHERE (period_start < $2::date OR period_end > $3::date)), 0) AS volume,
      CASE WHEN count(ai_value) > 0 THEN COALESCE(sum(ai_value) FILTER (WHERE period_start >= $2::date AND period_end <= $3::date), 0) + COALESCE(sum(ai_value * (LEAST(period_end, $3::date) - GREATEST(period_start, $2::date) + 1) / (period_end - period_start + 1)) FILTER (WHERE (period_start < $2::date OR period_end > $3::date)), 0) END AS ai_volume,
      CASE WHEN count(ai_value) > 0 THEN COALESCE(sum(value) FILTER (WHERE ai_value IS NOT NULL AND period_start >= $2::date AND period_end <= $3::date), 0) + COALESCE(sum(value * (LEAST(period_end, $3::date) - GREATEST(period_start, $2::date) + 1) / (period_end - period_start + 1)) FILTER (WHERE ai_value IS NOT NULL AND (period_start < $2::date OR period_end > $3::date)), 0) END AS measured_volume
 FROM business_metric_readings
WHERE organization_id = $4 AND metric_id = ANY($1) AND period_start <= $3::date AND period_end >= $2::date
GROUP BY metric_id;

-- MetricsSummaryRepository.scopeOccupancies (organization)
SELECT 'employee' AS kind, id, start_date, end_date, '1' AS fte FROM employees
WHERE organization_id = $4 AND plan_id = $1 AND start_date <= $3::date AND (end_date IS NULL OR end_date >= $2::date)  UNION ALL SELECT 'contractor' AS kind, id, start_date, end_date, '1' AS fte FROM contractors
WHERE organization_id = $4 AND plan_id = $1 AND start_date <= $3::date AND (end_date IS NULL OR end_date >= $2::date);

-- MetricsSummaryRepository.scopeOccupancies (cost centre)
SELECT 'employee' AS kind, id, start_date, end_date, '1' AS fte FROM employees
WHERE organization_id = $4 AND plan_id = $1 AND start_date <= $3::date AND (end_date IS NULL OR end_date >= $2::date) AND cost_centre_id = $5 UNION ALL SELECT 'contractor' AS kind, id, start_date, end_date, '1' AS fte FROM contractors
WHERE organization_id = $4 AND plan_id = $1 AND start_date <= $3::date AND (end_date IS NULL OR end_date >= $2::date) AND cost_centre_id = $5;

-- MetricsSummaryRepository.scopeOccupancies (team)
SELECT 'employee' AS kind, p.id, GREATEST(p.start_date, a.start_date) AS start_date,
      CASE WHEN p.end_date IS NULL THEN a.end_date WHEN a.end_date IS NULL THEN p.end_date ELSE LEAST(p.end_date, a.end_date) END AS end_date,
      a.fte::text AS fte
 FROM assignments a JOIN employees p ON p.organization_id = a.organization_id AND p.plan_id = a.plan_id AND p.id = a.employee_id
WHERE a.organization_id = $5 AND a.plan_id = $1 AND a.type = 'team' AND a.target_id = $4
  AND a.start_date <= $3::date AND (a.end_date IS NULL OR a.end_date >= $2::date)
  AND p.start_date <= $3::date AND (p.end_date IS NULL OR p.end_date >= $2::date) UNION ALL SELECT 'contractor' AS kind, p.id, GREATEST(p.start_date, a.start_date) AS start_date,
      CASE WHEN p.end_date IS NULL THEN a.end_date WHEN a.end_date IS NULL THEN p.end_date ELSE LEAST(p.end_date, a.end_date) END AS end_date,
      a.fte::text AS fte
 FROM assignments a JOIN contractors p ON p.organization_id = a.organization_id AND p.plan_id = a.plan_id AND p.id = a.contractor_id
WHERE a.organization_id = $5 AND a.plan_id = $1 AND a.type = 'team' AND a.target_id = $4
  AND a.start_date <= $3::date AND (a.end_date IS NULL OR a.end_date >= $2::date)
  AND p.start_date <= $3::date AND (p.end_date IS NULL OR p.end_date >= $2::date);

-- MetricsSummaryRepository.sources
SELECT metric_id, name, feed_status, last_push_at FROM business_metric_sources
WHERE organization_id = $2 AND metric_id = ANY($1) ORDER BY lower(name), name, id;
