import type { OperationObject, ResponseObject } from '@nestjs/swagger';

/**
 * The error answers every operation of a kind can give, whatever its decorators list: they come from
 * the code every request passes through (the body parser, InputGuard, the access guard and the
 * exception filter), not from the handler. finishOpenApiDocument adds those a route does not already
 * document, so the document lists every status a route can answer (docs/decisions.md, "OpenAPI document").
 */
const RULES: readonly {
  status: string;
  description: string | ((op: Facts) => string);
  applies: (op: Facts) => boolean;
  adds?: true;
  schema?: string;
}[] = [
  {
    status: '400',
    description:
      'VALIDATION_ERROR: a query parameter the operation does not declare, a path parameter with NUL or an unpaired surrogate, ' +
      'a path that is not percent-encoded UTF-8, or a body that is not valid JSON (details[] names the field)',
    applies: () => true,
  },
  {
    status: '403',
    description:
      'FORBIDDEN: X-Acting-User does not name an active user of the organization (a route outside an organization takes none); nothing was changed',
    applies: (op) => op.admin,
    adds: true,
  },
  {
    status: '403',
    description: (op) =>
      `FORBIDDEN: the acting user lacks ${op.actingUserPermissions.join(' and ')}, which the same request needs on the public API; nothing was changed`,
    applies: (op) => op.actingUserPermissions.length > 0,
    adds: true,
  },
  {
    status: '404',
    description: 'NOT_FOUND: a record named in the path does not exist in the organization',
    applies: (op) => op.pathRecords,
  },
  {
    status: '404',
    description: "NOT_FOUND: scenarioId is not one of the organization's scenarios, or is a private one the key's creator may not read",
    applies: (op) => op.scenario === 'read' || op.scenario === 'write',
    // Said beside the route's own 404 (the record in the path), when it has one; so for 409 below.
    adds: true,
  },
  {
    status: '403',
    description:
      "PLAN_NOT_EDITABLE: the scenario of scenarioId is not open for changes, or is a private one the key's creator may only read",
    applies: (op) => op.scenario === 'write',
    adds: true,
  },
  {
    status: '409',
    description: 'CONFLICT: a request with the same Idempotency-Key is still running; retry it',
    applies: (op) => op.idempotent,
    adds: true,
  },
  {
    status: '413',
    description: 'PAYLOAD_TOO_LARGE: the body is over the size limit',
    // The body parser and InputGuard judge any body sent, also to an operation that takes none.
    applies: () => true,
  },
  {
    status: '415',
    description: 'UNSUPPORTED_MEDIA_TYPE: a body is sent, and not as application/json',
    applies: () => true,
  },
  {
    status: '500',
    description: 'INTERNAL_ERROR: an unexpected failure; nothing was changed by it, quote errorId to support',
    applies: () => true,
  },
  {
    status: '429',
    description:
      'too_many_requests: too many requests without valid credentials from the client address in the last minute; see Retry-After',
    applies: (op) => op.admin || op.apiKey,
    adds: true,
    schema: 'RateLimitResponseDto',
  },
  {
    status: '501',
    description: 'NOT_IMPLEMENTED: the write was sent with scenarioId',
    applies: (op) => op.scenario === 'reject',
  },
];

interface Facts {
  /** The application API (admin token), which takes X-Acting-User. */
  admin: boolean;
  /** An API key route. */
  apiKey: boolean;
  /** The operation takes an `Idempotency-Key` header (documentIdempotencyKey). */
  idempotent: boolean;
  /** The path names records (ids other than the public API's orgId, which is the key's organization or 403). */
  pathRecords: boolean;
  /** How a public API route treats `?scenarioId=` (ScenarioScope; GET reads, other methods refuse by default). */
  scenario: 'read' | 'write' | 'reject' | 'ignore' | null;
  /** The API permissions an acting user needs on this application route (ActingUserNeeds). */
  actingUserPermissions: string[];
}

/** Adds the rule answers an operation does not list, then orders its responses by status. */
export function addRuleResponses(op: OperationObject, path: string, method: string): void {
  const extensions: OperationObject & { 'x-scenario-mode'?: Facts['scenario']; 'x-acting-user-permissions'?: string[] } = op;
  const mode = extensions['x-scenario-mode'];
  delete extensions['x-scenario-mode'];
  const publicApi = (op.security ?? []).some((s: Record<string, string[]>) => 'api-key' in s) && path.startsWith('/api/v1/org/{orgId}');
  const schemes = (op.security ?? []).flatMap((s: Record<string, string[]>) => Object.keys(s));
  const facts: Facts = {
    admin: schemes.includes('admin-token'),
    apiKey: schemes.includes('api-key'),
    idempotent: (op.parameters ?? []).some((p) => 'in' in p && p.in === 'header' && p.name === 'Idempotency-Key'),
    pathRecords: /\{(?!orgId\})\w+\}/.test(path) || (!publicApi && path.includes('{orgId}')),
    scenario: publicApi ? (mode ?? (method === 'get' ? 'read' : 'reject')) : null,
    actingUserPermissions: extensions['x-acting-user-permissions'] ?? [],
  };
  const responses = op.responses as Record<string, ResponseObject>;
  for (const rule of RULES) {
    if (!rule.applies(facts)) continue;
    const description = typeof rule.description === 'string' ? rule.description : rule.description(facts);
    const existing = responses[rule.status];
    if (!existing) {
      responses[rule.status] = {
        description,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${rule.schema ?? 'ErrorResponseDto'}` } } },
      };
    } else if (rule.adds) {
      // The code stays when it is not the one the route's own answer of that status gives (403 FORBIDDEN beside PLAN_NOT_EDITABLE).
      const code = /^([A-Z_]+): /.exec(description)?.[1];
      const added = code && existing.description.startsWith(code) ? description.slice(code.length + 2) : description;
      const plain = code ? description.slice(code.length + 2) : description;
      if (!existing.description.includes(plain)) existing.description = `${existing.description}; or ${added}`;
    }
  }
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
