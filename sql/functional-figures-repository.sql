-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- FunctionalFiguresRepository.peopleOccupancies
SELECT s.functional_group_id AS "groupId", CASE WHEN a.employee_id IS NOT NULL THEN 'employee' ELSE 'contractor' END AS kind,
      COALESCE(a.employee_id, a.contractor_id) AS "personId", a.fte, a.start_date AS "startDate", a.end_date AS "endDate"
 FROM functional_assignments a
 JOIN functional_positions s ON s.organization_id = a.organization_id AND s.plan_id = a.plan_id AND s.id = a.functional_position_id
WHERE a.organization_id = $4 AND a.plan_id = $1 AND a.vacancy_id IS NULL AND (a.start_date <= COALESCE($3::date, 'infinity'::date) AND COALESCE(a.end_date, 'infinity'::date) >= $2::date);

-- FunctionalFiguresRepository.seatTotals
SELECT s.functional_group_id AS "groupId", count(*)::int AS positions, sum(s.required_fte)::text AS "requiredFte",
      (count(*) FILTER (WHERE h.held > 0))::int AS filled, (count(*) FILTER (WHERE COALESCE(h.held, 0) < s.required_fte))::int AS open,
      COALESCE(sum(h.planned), 0)::text AS "plannedFte"
 FROM functional_positions s
 LEFT JOIN (SELECT a.functional_position_id AS seat, sum(a.fte) FILTER (WHERE a.vacancy_id IS NULL) AS held,
                   sum(a.fte) FILTER (WHERE a.vacancy_id IS NOT NULL) AS planned
              FROM functional_assignments a
             WHERE a.organization_id = $3 AND a.plan_id = $1 AND (a.start_date <= $2::date AND (a.end_date IS NULL OR a.end_date >= $2::date)) GROUP BY 1) h ON h.seat = s.id
WHERE s.organization_id = $3 AND s.plan_id = $1 AND (s.start_date <= $2::date AND (s.end_date IS NULL OR s.end_date >= $2::date))
GROUP BY 1;

-- FunctionalFiguresRepository.subtreeChanges
SELECT entity_type, entity_id, change_type, before, after, actor_type, actor_id, created_at FROM record_changes
WHERE organization_id = $1 AND plan_id = $2 AND entity_type IN ('functional_group', 'functional_position', 'functional_assignment')
  AND (entity_id = ANY($3)
       OR entity_id IN (SELECT id FROM functional_positions WHERE organization_id = $1 AND plan_id = $2 AND functional_group_id = ANY($3))
       OR entity_id IN (SELECT a.id FROM functional_assignments a
                          JOIN functional_positions s ON s.organization_id = a.organization_id AND s.plan_id = a.plan_id AND s.id = a.functional_position_id
                         WHERE a.organization_id = $1 AND a.plan_id = $2 AND s.functional_group_id = ANY($3)))
ORDER BY seq DESC LIMIT 20;

-- FunctionalFiguresRepository.subtreeOccupancies
SELECT a.id, a.functional_position_id AS "seatId", s.name AS "seatName",
            CASE WHEN a.employee_id IS NOT NULL THEN 'employee' WHEN a.contractor_id IS NOT NULL THEN 'contractor' ELSE 'vacancy' END AS kind,
            COALESCE(a.employee_id, a.contractor_id, a.vacancy_id) AS "personId", COALESCE(NULLIF(trim(concat_ws(' ', e.first_name, e.last_name)), ''), c.name, v.role) AS name, a.fte, a.start_date AS "startDate", a.end_date AS "endDate"
       FROM functional_assignments a
       JOIN functional_positions s ON s.organization_id = a.organization_id AND s.plan_id = a.plan_id AND s.id = a.functional_position_id
LEFT JOIN employees e ON e.organization_id = a.organization_id AND e.plan_id = a.plan_id AND e.id = a.employee_id
LEFT JOIN contractors c ON c.organization_id = a.organization_id AND c.plan_id = a.plan_id AND c.id = a.contractor_id
LEFT JOIN vacancies v ON v.organization_id = a.organization_id AND v.plan_id = a.plan_id AND v.id = a.vacancy_id
      WHERE a.organization_id = $5 AND a.plan_id = $1 AND s.functional_group_id = ANY($2) AND (a.start_date <= COALESCE($4::date, 'infinity'::date) AND COALESCE(a.end_date, 'infinity'::date) >= $3::date)
      ORDER BY name, a.start_date, a.id;

-- FunctionalFiguresRepository.subtreeSeats
SELECT s.id, s.functional_group_id, s.name, s.external_id, s.required_fte, s.start_date, s.end_date FROM functional_positions s
WHERE s.organization_id = $5 AND s.plan_id = $1 AND s.functional_group_id = ANY($2) AND (s.start_date <= COALESCE($4::date, 'infinity'::date) AND COALESCE(s.end_date, 'infinity'::date) >= $3::date) ORDER BY s.name, s.id;
