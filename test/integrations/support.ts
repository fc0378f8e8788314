import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodies, Schemas } from '../support/fixtures';
import { TestApp, Tenant } from '../support/test-app';

/** What a pull source path answers: a status and a body (an object is sent as JSON), optionally slowly. */
export interface SourceAnswer {
  status?: number;
  body?: unknown;
  delayMs?: number;
  /** Answered only once this settles: the test decides how long the pull runs. */
  hold?: Promise<unknown>;
  /** Sent in 1 MiB chunks without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

export interface SourceRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  at: number;
}

/** A real HTTP pull source on 127.0.0.1: each path answers what it was told to and records each request. */
export class PullSource {
  readonly requests: SourceRequest[] = [];
  private readonly answers = new Map<string, SourceAnswer>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<PullSource> {
    const server = createServer((req, res) => {
      const path = req.url ?? '/';
      source.requests.push({ method: req.method ?? '', path, headers: req.headers, at: Date.now() });
      const answer = source.answers.get(path) ?? { status: 404, body: 'no such path' };
      const send = () => {
        const body = answer.body;
        const raw = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : Buffer.from(JSON.stringify(body ?? null));
        res.statusCode = answer.status ?? 200;
        res.setHeader('Content-Type', 'application/json');
        if (!answer.chunked) return void res.end(raw);
        for (let at = 0; at < raw.length; at += 1 << 20) res.write(raw.subarray(at, at + (1 << 20)));
        res.end();
      };
      const after = () => (answer.delayMs ? void setTimeout(send, answer.delayMs) : send());
      if (answer.hold) void answer.hold.then(after);
      else after();
    });
    const source = new PullSource(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return source;
  }

  serve(path: string, answer: SourceAnswer): string {
    this.answers.set(path, answer);
    return this.url(path);
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  on(path: string): SourceRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A promise the test settles itself: `gate.open()` lets a held answer go. */
export function gate(): { hold: Promise<void>; open: () => void } {
  let open!: () => void;
  const hold = new Promise<void>((resolve) => (open = resolve));
  return { hold, open };
}

export interface Created {
  id: string;
  secret: string;
  body: Record<string, unknown>;
}

export async function createIntegration(t: TestApp, tenant: Tenant, body: Record<string, unknown>): Promise<Created> {
  const res = await t
    .admin('post', `/organizations/${tenant.orgId}/integrations`)
    .send({ name: 'HR system', actAsUserId: tenant.userId, ...body })
    .expect(201);
  return { id: res.body.data.id, secret: res.body.data.secret, body: res.body.data };
}

export async function integrationOf(t: TestApp, orgId: string, id: string): Promise<Record<string, unknown>> {
  return (await t.admin('get', `/organizations/${orgId}/integrations/${id}`).expect(200)).body.data;
}

export function pullNow(t: TestApp, orgId: string, id: string) {
  return t.admin('post', `/organizations/${orgId}/integrations/${id}/pull`);
}

/** An employee item of §4.1: a complete create body (bodies.employee) with the externalId, last name Lovelace <externalId>. */
export function employee(externalId: string, extra: Partial<Schemas['CreateEmployeeDto']> = {}): Schemas['CreateEmployeeDto'] {
  return bodies.employee({ externalId, lastName: `Lovelace ${externalId}`, ...extra });
}

/** A live row count of a table for the organization. */
export async function count(t: TestApp, table: string, orgId: string): Promise<number> {
  const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [orgId]);
  return row.n;
}
