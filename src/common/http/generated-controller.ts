import type { Type } from '@nestjs/common';

/**
 * What a controller factory's routes take: for each method whose parameters are typed by the factory's options
 * (a resource's DTOs), the classes of all its parameters in order (`Object` for the request context, `String` for
 * a path parameter).
 */
export type RouteParameterTypes = Readonly<Record<string, readonly unknown[]>>;

/**
 * Finishes a controller class built inside a factory function (one class per resource): names it
 * (`CostCentresController`, with `classNameOf`, for logs and errors) and gives each listed route the
 * parameter classes it is typed with, so that validation (the body's DTO) and the OpenAPI document (the query's
 * DTO) see them as in a hand-written controller. TypeScript cannot emit them for a class whose parameter types
 * are values of the factory. A route not on the class, or a list that does not match the method's parameters,
 * is an error at start-up.
 */
export function generatedController<T extends Type<unknown>>(controller: T, name: string, routes: RouteParameterTypes = {}): T {
  const proto = controller.prototype as Record<string, unknown>;
  for (const [method, types] of Object.entries(routes)) {
    const handler = proto[method];
    if (typeof handler !== 'function') throw new Error(`${controller.name}: no route method ${method}`);
    if (handler.length !== types.length) {
      throw new Error(`${controller.name}.${method} takes ${handler.length} parameters; ${types.length} types were given`);
    }
    Reflect.defineMetadata('design:paramtypes', types, proto, method);
  }
  Object.defineProperty(controller, 'name', { value: name });
  return controller;
}

/** A kebab-case path as a class name: `cost-centres` -> `CostCentres`. */
export function classNameOf(path: string): string {
  return path.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
}
