-- Written by `npm run sql` (scripts/sql-queries.ts) from the @GenerateSql samples of the repository; do not edit.

-- IdempotencyRepository.answersHolding
SELECT api_key_id, key, response_body FROM idempotency_keys
WHERE organization_id = $1 AND response_body IS NOT NULL
  AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS n(needle) WHERE strpos(response_body, n.needle) > 0);

-- IdempotencyRepository.claim
INSERT INTO idempotency_keys (organization_id, api_key_id, key, request_hash, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (organization_id, key, api_key_id) DO UPDATE
  SET request_hash = EXCLUDED.request_hash, status_code = NULL, response_body = NULL,
      created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
WHERE idempotency_keys.expires_at <= $5
   OR (idempotency_keys.status_code IS NULL AND idempotency_keys.created_at <= $7)
RETURNING 1 AS claimed;

-- IdempotencyRepository.purgeExpired
DELETE FROM idempotency_keys WHERE expires_at <= $1;

-- IdempotencyRepository.release
DELETE FROM idempotency_keys WHERE organization_id = $1 AND key = $2 AND api_key_id = $3 AND status_code IS NULL;

-- IdempotencyRepository.rewriteAnswers
UPDATE idempotency_keys k SET response_body = a.body
 FROM unnest($2::varchar[], $3::varchar[], $4::text[]) AS a(api_key_id, key, body)
WHERE k.organization_id = $1 AND k.api_key_id = a.api_key_id AND k.key = a.key;

-- IdempotencyRepository.store
UPDATE idempotency_keys SET status_code = $4, response_body = $5 WHERE organization_id = $1 AND key = $2 AND api_key_id = $3;

-- IdempotencyRepository.stored
SELECT request_hash, status_code, response_body FROM idempotency_keys WHERE organization_id = $1 AND key = $2 AND api_key_id = $3;
