import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { blockedAddressReason } from './address-policy';

/** Document 02 "Delivery": 5 seconds for the receiver to respond, whatever the cause of the wait. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** At most this much of a response body is read (and thrown away); a longer one closes the connection. */
export const RESPONSE_BODY_CAP_BYTES = 64 * 1024;

export interface PostResult {
  /** HTTP status of the response, or null when none came (timeout, refused target, connection error). */
  status: number | null;
  /** Null on a 2xx; otherwise why it failed, for people (`HTTP 500`, `Timed out after 5 s`, ...). */
  error: string | null;
  durationMs: number;
}

export interface GetResult {
  /** HTTP status, or null when none came. */
  status: number | null;
  /** Null when a 200 and its whole body (within the limits) arrived; otherwise why not. */
  error: string | null;
  body: Buffer | null;
  durationMs: number;
}

export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export interface WebhookHttpClientOptions {
  /** Whether loopback, private, link-local, CGNAT and metadata addresses may be reached (not in production). */
  allowPrivateTargets: boolean;
  /** How host names are resolved; the operating system's resolver by default (tests swap it). */
  resolve?: ResolveAll;
  /** The address policy; `blockedAddressReason` unless a test swaps it. */
  blockedReason?: (address: string) => string | null;
  timeoutMs?: number;
}

export class TargetRefusedError extends Error {
  readonly code = 'ETARGETREFUSED';
}

const systemResolve: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function describeError(error: unknown): string {
  if (error instanceof TargetRefusedError) return error.message;
  const err = error as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset by the receiver';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Host not found (${err.code})`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Host unreachable (${err.code})`;
  }
  const message = err?.message ?? String(error);
  return (err?.code ? `${err.code}: ${message}` : message).slice(0, 500);
}

/**
 * The only way webhooks leave the service: one POST, a 5 s deadline for the response, no redirects
 * followed (a 3xx is a failure), at most 64 KiB of response body read. Unless private targets are
 * allowed, host names are resolved here, every address is checked, and the connection goes to the
 * checked address (a custom `lookup`), so a DNS answer that changes between check and connect
 * (rebinding) cannot reach an internal address.
 */
export class WebhookHttpClient {
  private readonly resolve: ResolveAll;
  private readonly blockedReason: (address: string) => string | null;
  private readonly timeoutMs: number;
  private readonly httpAgent = new http.Agent({ keepAlive: true, timeout: 4_000, scheduling: 'lifo' });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, timeout: 4_000, scheduling: 'lifo' });

  constructor(private readonly options: WebhookHttpClientOptions) {
    this.resolve = options.resolve ?? systemResolve;
    this.blockedReason = options.blockedReason ?? blockedAddressReason;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  get allowsPrivateTargets(): boolean {
    return this.options.allowPrivateTargets;
  }

  /** Registration-time check of a URL: null when acceptable, else the reason it is refused. */
  async checkTarget(urlText: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(urlText);
    } catch {
      return 'url must be an absolute http or https URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use http or https';
    if (this.options.allowPrivateTargets) return null;
    const host = bareHost(url);
    if (isIP(host)) {
      const reason = this.blockedReason(host);
      return reason ? `url points to a ${reason} address (${host}), which webhooks may not reach` : null;
    }
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolve(host);
    } catch (error) {
      return `url host ${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    }
    for (const { address } of addresses) {
      const reason = this.blockedReason(address);
      if (reason) return `url host ${host} resolves to a ${reason} address (${address}), which webhooks may not reach`;
    }
    return addresses.length ? null : `url host ${host} does not resolve`;
  }

  /** The connect-time guard: resolves, refuses if any address is blocked, and hands over the checked ones. */
  private readonly guardedLookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = family ? all.filter((a) => a.family === family) : all;
        const blocked = addresses.map((a) => ({ a, reason: this.blockedReason(a.address) })).find((x) => x.reason);
        if (blocked) {
          callback(new TargetRefusedError(`Refused: ${hostname} resolves to a ${blocked.reason} address (${blocked.a.address})`), '', 0);
        } else if (!addresses.length) {
          callback(Object.assign(new Error(`Host not found: ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0].address, addresses[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

  /** Where and how to connect for a URL, or why it may not be reached. */
  private prepare(urlText: string): { url: URL; secure: boolean; lookup?: LookupFunction } | string {
    let url: URL;
    try {
      url = new URL(urlText);
    } catch {
      return 'Invalid URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'URL must use http or https';
    const host = bareHost(url);
    const allowPrivate = this.options.allowPrivateTargets;
    if (!allowPrivate && isIP(host)) {
      const reason = this.blockedReason(host);
      if (reason) return `Refused: ${host} is a ${reason} address`;
    }
    return { url, secure: url.protocol === 'https:', ...(allowPrivate ? {} : { lookup: this.guardedLookup }) };
  }

  /** One POST; never throws. Success is any 2xx. */
  post(urlText: string, body: Buffer, headers: Record<string, string>): Promise<PostResult> {
    const started = performance.now();
    return new Promise<PostResult>((resolve) => {
      let settled = false;
      const finish = (status: number | null, error: string | null) => {
        if (settled) return;
        settled = true;
        resolve({ status, error, durationMs: Math.round(performance.now() - started) });
      };
      const target = this.prepare(urlText);
      if (typeof target === 'string') return finish(null, target);
      const req = (target.secure ? https : http).request(
        target.url,
        {
          method: 'POST',
          agent: target.secure ? this.httpsAgent : this.httpAgent,
          headers: { ...headers, 'Content-Length': String(body.length), 'User-Agent': 'workforce-planning-webhooks/1' },
          ...(target.lookup ? { lookup: target.lookup } : {}),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          finish(status, status >= 200 && status < 300 ? null : `HTTP ${status}`);
          // Read (and drop) at most the cap, within the same deadline; then the socket can be reused.
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > RESPONSE_BODY_CAP_BYTES) res.destroy();
          });
          res.on('error', () => undefined);
          res.on('close', () => clearTimeout(timer));
        },
      );
      const timer = setTimeout(() => {
        finish(null, `Timed out after ${this.timeoutMs / 1000} s`);
        req.destroy();
      }, this.timeoutMs);
      req.on('error', (error) => {
        clearTimeout(timer);
        finish(null, describeError(error));
      });
      req.end(body);
    });
  }

  /**
   * One GET through the same guards (PULL hooks, spec 04 §5.3); never throws. The whole answer must come
   * within `timeoutMs` and be at most `maxBytes` long, else `error` says why and `body` is null. Only a
   * 200's body is read.
   */
  get(urlText: string, headers: Record<string, string>, limits: { maxBytes: number; timeoutMs: number }): Promise<GetResult> {
    const started = performance.now();
    return new Promise<GetResult>((resolve) => {
      let settled = false;
      const open: { req: http.ClientRequest | null } = { req: null };
      const timer = setTimeout(() => {
        finish(null, `Timed out after ${limits.timeoutMs / 1000} s`);
        open.req?.destroy();
      }, limits.timeoutMs);
      const finish = (status: number | null, error: string | null, body: Buffer | null = null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status, error, body, durationMs: Math.round(performance.now() - started) });
      };
      const target = this.prepare(urlText);
      if (typeof target === 'string') return finish(null, target);
      const tooLarge = `Response body over ${limits.maxBytes} bytes`;
      const req = (target.secure ? https : http).request(
        target.url,
        {
          method: 'GET',
          agent: target.secure ? this.httpsAgent : this.httpAgent,
          headers: { ...headers, 'User-Agent': 'workforce-planning-integrations/1' },
          ...(target.lookup ? { lookup: target.lookup } : {}),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status !== 200) {
            res.destroy();
            return finish(status, `HTTP ${status}`);
          }
          if (Number(res.headers['content-length'] ?? 0) > limits.maxBytes) {
            res.destroy();
            return finish(status, tooLarge);
          }
          const chunks: Buffer[] = [];
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > limits.maxBytes) {
              res.destroy();
              return finish(status, tooLarge);
            }
            chunks.push(chunk);
          });
          res.on('end', () => finish(status, null, Buffer.concat(chunks)));
          res.on('error', (error) => finish(status, describeError(error)));
          res.on('close', () => finish(status, 'Connection closed before the whole body arrived'));
        },
      );
      open.req = req;
      req.on('error', (error) => finish(null, describeError(error)));
      req.end();
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
