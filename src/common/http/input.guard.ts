import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCESS_KEY, AccessRule } from '../auth/access.decorators';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DomainError } from '../errors/domain-error';
import { queryParameterNames } from './query-params';

/** A NUL, or a UTF-16 surrogate without its partner: text no database column can store. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Runs before the access guard (both are registered in AccessModule, this one first), so input no
 * handler or query could take never reaches one: a body that is not JSON (415), text with NUL or
 * lone surrogates, JSON nested deeper than JSON_MAX_DEPTH, and query parameters the route does not
 * declare (400 VALIDATION_ERROR naming the field). It reads no data, so it may answer before 401.
 */
@Injectable()
export class InputGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    checkContentType(req);
    for (const [name, value] of Object.entries(req.params ?? {})) checkText(value, name);
    this.checkQuery(req, context);
    checkBody(req.body, this.config.jsonMaxDepth);
    return true;
  }

  private checkQuery(req: Request, context: ExecutionContext): void {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const names = Object.keys(query);
    if (!names.length) return;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    const allowed = queryParameterNames(context.getClass(), context.getHandler().name);
    if (rule?.kind === 'api') allowed.add('scenarioId');
    const unknown = names.filter((name) => !allowed.has(name));
    if (unknown.length) {
      const known = [...allowed].sort().join(', ') || 'none';
      throw DomainError.validationMany(
        unknown.map((field) => ({ field, message: `${field} is not a known query parameter (known: ${known})` })),
      );
    }
    for (const [name, value] of Object.entries(query)) walk(value, name, Number.POSITIVE_INFINITY);
  }
}

function checkContentType(req: Request): void {
  const length = req.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `Request bodies must be sent as application/json${type ? `, not ${type}` : ''}`);
  }
}

function checkText(value: unknown, field: string): void {
  if (typeof value === 'string' && UNSTORABLE.test(value)) {
    throw DomainError.validation(field, `${field} must not contain NUL characters or unpaired UTF-16 surrogates`);
  }
}

function checkBody(body: unknown, maxDepth: number): void {
  if (body === undefined || body === null || typeof body !== 'object') return;
  walk(body, '', maxDepth);
}

/** Walks a parsed value without recursion (a 5,000-deep body must not overflow the stack). */
function walk(root: unknown, rootPath: string, maxDepth: number): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: rootPath, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      checkText(value, path || 'body');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > maxDepth) {
      throw DomainError.validation(
        path || 'body',
        `${path || 'body'} nests objects and arrays deeper than ${maxDepth} levels (JSON_MAX_DEPTH)`,
      );
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      checkText(key, childPath);
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
}
