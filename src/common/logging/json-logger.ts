import { LoggerService } from '@nestjs/common';
import { LogLevel } from '../../config/app-config';

const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Structured JSON logs, one object per line on stdout (errors on stderr). */
export class JsonLogger implements LoggerService {
  constructor(private level: LogLevel = 'info') {}

  setLevel(level: LogLevel): void {
    this.level = level;
  }

  enabled(level: LogLevel): boolean {
    return RANK[level] >= RANK[this.level];
  }

  write(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown> = {}): void {
    if (!this.enabled(level)) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n';
    if (level === 'error') process.stderr.write(line);
    else process.stdout.write(line);
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
