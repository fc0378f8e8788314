import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import { LogLevel } from '../../config/app-config';

const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * Where the lines go: stdout, written off the event loop (pino's asynchronous destination, flushed at exit); errors
 * on stderr, written at once so that the last words of a crash are not lost.
 */
export const LOG_DESTINATIONS = {
  out: pino.destination({ dest: 1, sync: false }),
  err: pino.destination({ dest: 2, sync: true }),
};

/** One pino logger per destination; the level is ours (`enabled`), so pino passes every line it is given. */
function pinoTo(destination: DestinationStream): Logger {
  return pino(
    {
      level: 'debug',
      base: null,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** Structured JSON logs (pino), one object per line on stdout (errors on stderr). */
export class JsonLogger implements LoggerService {
  private traceIdSource: (() => string | undefined) | null = null;
  private readonly out = pinoTo(LOG_DESTINATIONS.out);
  private readonly err = pinoTo(LOG_DESTINATIONS.err);

  constructor(private level: LogLevel = 'info') {}

  setLevel(level: LogLevel): void {
    this.level = level;
  }

  /** Set by tracing when it is on: the trace id of the active span, which every line then carries as `traceId`. */
  setTraceIdSource(source: () => string | undefined): void {
    this.traceIdSource = source;
  }

  /** The active trace's id; undefined when tracing is off or outside a trace. */
  traceId(): string | undefined {
    return this.traceIdSource?.();
  }

  enabled(level: LogLevel): boolean {
    return RANK[level] >= RANK[this.level];
  }

  write(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown> = {}): void {
    if (!this.enabled(level)) return;
    const traceId = this.traceIdSource && !('traceId' in fields) ? this.traceIdSource() : undefined;
    (level === 'error' ? this.err : this.out)[level](traceId ? { ...fields, traceId } : fields, msg);
  }

  log(message: unknown, context?: string): void {
    // Nest's start-up chatter (modules, routes) is debug detail, not operations news.
    const level = context && QUIET_CONTEXTS.has(context) ? 'debug' : 'info';
    this.write(level, String(message), context ? { context } : {});
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', String(message), { ...(context ? { context } : {}), ...(trace ? { trace } : {}) });
  }

  warn(message: unknown, context?: string): void {
    this.write('warn', String(message), context ? { context } : {});
  }

  debug(message: unknown, context?: string): void {
    this.write('debug', String(message), context ? { context } : {});
  }

  verbose(message: unknown, context?: string): void {
    this.write('debug', String(message), context ? { context } : {});
  }
}

/** The process-wide logger; main.ts and the test app set its level from the configuration. */
export const logger = new JsonLogger();
