-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- VacanciesRepository.filledIds
SELECT v.id FROM vacancies v WHERE v.organization_id = $4 AND v.plan_id = $1 AND v.id = ANY($2) AND (CASE
WHEN v.filled_by_live_employee_id IS NOT NULL THEN EXISTS (SELECT 1 FROM employees f WHERE f.organization_id = $4 AND f.plan_id = $1
  AND f.id = v.filled_by_live_employee_id AND (f.end_date IS NULL OR f.end_date > $3))
WHEN v.filled_by_live_contractor_id IS NOT NULL THEN EXISTS (SELECT 1 FROM contractors f WHERE f.organization_id = $4 AND f.plan_id = $1
  AND f.id = v.filled_by_live_contractor_id AND (f.end_date IS NULL OR f.end_date > $3))
ELSE false END);
