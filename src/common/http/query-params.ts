import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/internal';
import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

type Ctor = abstract new (...args: never[]) => unknown;

interface RouteArg {
  index: number;
  data?: unknown;
}

const cache = new Map<Ctor, Map<string, ReadonlySet<string>>>();

/**
 * The query parameters a route declares: the properties of its `@Query()` DTO (those class-validator
 * validates and those documented with @ApiProperty), the names of `@Query('name')` parameters and
 * of @ApiQuery. Derived from the metadata the route already carries, so no list is kept by hand.
 */
export function queryParameterNames(controller: Ctor | (new (...args: never[]) => unknown), method: string): Set<string> {
  let perClass = cache.get(controller);
  if (!perClass) cache.set(controller, (perClass = new Map()));
  let names = perClass.get(method);
  if (!names) perClass.set(method, (names = derive(controller, method)));
  return new Set(names);
}

function derive(controller: Ctor, method: string): ReadonlySet<string> {
  const names = new Set<string>();
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, RouteArg>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as unknown[];
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== RouteParamtypes.QUERY) continue;
    if (typeof arg.data === 'string') {
      names.add(arg.data);
      continue;
    }
    const type = types[arg.index];
    if (typeof type === 'function' && type !== Object) for (const name of dtoProperties(type as Ctor)) names.add(name);
  }
  const handler = (controller.prototype as Record<string, unknown>)[method] as object;
  const documented = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler) ?? []) as { in?: string; name?: string }[];
  for (const p of documented) if (p.in === 'query' && p.name) names.add(p.name);
  return names;
}

function dtoProperties(type: Ctor): string[] {
  const validated = getMetadataStorage()
    .getTargetValidationMetadatas(type, '', true, false)
    .map((m) => m.propertyName);
  const documented: string[] = [];
  for (let proto = type.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const list = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, proto) ?? []) as string[];
    documented.push(...list.map((p) => p.replace(/^:/, '')));
  }
  return [...validated, ...documented];
}
