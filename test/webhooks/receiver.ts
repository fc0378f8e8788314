import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  path: string;
  at: number;
}

/** What the receiver answers: a status code, or `hang` (no answer until the receiver closes). */
export type Behaviour = number | 'hang';

/**
 * Verification as document 02 tells a receiver to do it: raw body, HMAC-SHA256 keyed by the secret as
 * text, lower-case hex with `sha256=`, constant-time comparison, reject a missing or different header.
 */
export function verifySignature(raw: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A real HTTP receiver on 127.0.0.1 that records every request it gets. */
export class Receiver {
  readonly received: Received[] = [];
  behaviour: Behaviour = 200;
  private readonly hanging = new Set<ServerResponse>();

  private constructor(private readonly server: Server) {}

  static async start(behaviour: Behaviour = 200): Promise<Receiver> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        let body: unknown = null;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          body = null;
        }
        receiver.received.push({ headers: req.headers, raw, body, path: req.url ?? '/', at: Date.now() });
        const behaviour = receiver.behaviour;
        if (behaviour === 'hang') {
          receiver.hanging.add(res);
          return;
        }
        res.statusCode = behaviour;
        res.setHeader('Content-Type', 'text/plain');
        // A redirect points at another path of this receiver: following it would show up there.
        if (behaviour >= 300 && behaviour < 400) res.setHeader('Location', '/redirected');
        res.end('ok');
      });
    });
    const receiver = new Receiver(server);
    receiver.behaviour = behaviour;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The URL of a path on this receiver. */
  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Requests received on one path. */
  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until `check` returns a value that is not undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 15_000,
): Promise<Exclude<T, false | undefined | null>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false && value !== null) return value as Exclude<T, false | undefined | null>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
