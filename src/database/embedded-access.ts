import fs, { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync, type Mode, type PathLike } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import { join, resolve, sep } from 'node:path';

/** The data directories whose files stay private (absolute paths with a trailing separator). */
const privateDirs = new Set<string>();

/**
 * Who may reach the embedded database's files (spec 03 §1.19): the data directory and every directory in it 0700, every
 * file 0600, also for a directory an earlier version left open; and so they stay while PGlite writes. Its file system
 * layer (Emscripten's NODEFS) creates each file and then sets the mode PostgreSQL asked of the WebAssembly file system
 * with `fs.chmodSync` (0666 for nearly every file): `fs.chmodSync` is wrapped once per process so that a mode set on a
 * path inside a private data directory keeps no group or other bit. Files are also created under umask 077.
 */
export function secureDataDirectory(dir: string): void {
  keepModesPrivate(dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      chmodSync(path, 0o700);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else {
      chmodSync(path, 0o600);
    }
  };
  walk(dir);
}

/** Wraps `fs.chmodSync` (once) to strip group and other bits under the private data directories. */
function keepModesPrivate(dir: string): void {
  if (!privateDirs.size) {
    const chmod = fs.chmodSync;
    fs.chmodSync = (path: PathLike, mode: Mode) => {
      const inside = typeof path === 'string' && [...privateDirs].some((root) => resolve(path).startsWith(root));
      return chmod(path, inside ? privateMode(mode) : mode);
    };
  }
  privateDirs.add(resolve(dir) + sep);
}

function privateMode(mode: Mode): number {
  const bits = typeof mode === 'string' ? parseInt(mode, 8) : mode;
  return bits & ~0o077;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** How long a client may take to send its startup message and its password. */
const AUTH_TIMEOUT_MS = 10_000;

/**
 * EMBEDDED_DB_PORT: a TCP listener on 127.0.0.1 in front of the embedded database's Unix socket that asks every client
 * for the password generated at this start (PostgreSQL's cleartext password exchange: the connection never leaves the
 * machine), then joins the client to the database. The password is written, 0600, to `passwordFile`.
 */
export class PasswordGate {
  private constructor(
    private readonly server: Server,
    private readonly clients: Set<Socket>,
    readonly port: number,
    readonly passwordFile: string,
  ) {}

  static async start(port: number, socketPath: string, password: string, dir: string): Promise<PasswordGate> {
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    const clients = new Set<Socket>();
    const server = createServer((client) => {
      clients.add(client);
      client.on('close', () => clients.delete(client));
      client.on('error', () => client.destroy());
      admit(client, socketPath, password).catch(() => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new PasswordGate(server, clients, (server.address() as AddressInfo).port, passwordFile);
  }

  async stop(): Promise<void> {
    for (const client of this.clients) client.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Reads the startup message, asks for the password, and on a match hands the connection to the database. */
async function admit(client: Socket, socketPath: string, password: string): Promise<void> {
  client.setTimeout(AUTH_TIMEOUT_MS, () => client.destroy());
  let startup: Buffer;
  for (;;) {
    const head = await take(client, 8);
    const code = head.readInt32BE(4);
    if (code === SSL_REQUEST) {
      client.write('N');
      continue;
    }
    if (code === CANCEL_REQUEST) return void client.end();
    startup = Buffer.concat([head, await take(client, head.readInt32BE(0) - 8)]);
    break;
  }
  client.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3])); // AuthenticationCleartextPassword
  const head = await take(client, 5);
  const body = await take(client, head.readInt32BE(1) - 4);
  const given = body.subarray(0, Math.max(0, body.indexOf(0)));
  if (head[0] !== 0x70 || !sameSecret(given, Buffer.from(password))) {
    client.end(errorResponse('28P01', 'password authentication failed for the embedded database'));
    return;
  }
  client.setTimeout(0);
  const upstream = connect(socketPath);
  upstream.on('error', () => client.destroy());
  client.on('close', () => upstream.destroy());
  upstream.write(startup);
  client.pipe(upstream);
  upstream.pipe(client);
}

/** The next `n` bytes the client sends (fails when it closes first). */
async function take(socket: Socket, n: number): Promise<Buffer> {
  if (n <= 0) return Buffer.alloc(0);
  for (;;) {
    const chunk = socket.read(n) as Buffer | null;
    if (chunk && chunk.length === n) return chunk;
    if (chunk || socket.readableEnded || socket.destroyed) throw new Error('the client closed the connection');
    await new Promise<void>((resolve) => {
      const done = () => {
        socket.off('readable', done);
        socket.off('close', done);
        resolve();
      };
      socket.on('readable', done);
      socket.on('close', done);
    });
  }
}

function sameSecret(a: Buffer, b: Buffer): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** A FATAL ErrorResponse of the wire protocol. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat(
    [
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', code],
      ['M', message],
    ].map(([key, value]) => Buffer.from(`${key}${value}\0`)),
  );
  const length = Buffer.alloc(4);
  length.writeInt32BE(4 + fields.length + 1);
  return Buffer.concat([Buffer.from('E'), length, fields, Buffer.from([0])]);
}
