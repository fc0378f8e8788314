import { MODULE_METADATA } from '@nestjs/common/constants';
import type { DynamicModule, Provider, Type } from '@nestjs/common';
import { addPermissions } from '../common/auth/permissions';
import { addEntityTypes } from '../common/entity-types';
import { declaredResources, type ResourceDescriptor } from './resources';

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type<unknown> };

/**
 * Every resource descriptor the providers of these modules (and of the modules they import, transitively) declare with
 * `@Resources`, read from the modules' metadata without building the app: what the app needs before its providers
 * exist (the vocabulary, the OpenAPI document of the preview build). At run time the ResourceCatalog reads the same
 * declarations from the built app.
 */
export function resourcesDeclaredBy(modules: readonly ModuleRef[]): ResourceDescriptor[] {
  const seen = new Set<unknown>();
  const found: ResourceDescriptor[] = [];
  const visit = (ref: ModuleRef | undefined): void => {
    if (!ref || ref instanceof Promise || seen.has(ref)) return;
    seen.add(ref);
    if ('forwardRef' in ref) return visit(ref.forwardRef());
    const dynamic = 'module' in ref ? ref : null;
    const type = (dynamic ? dynamic.module : ref) as Type<unknown>;
    const metadata = (key: string) => (Reflect.getMetadata(key, type) as unknown[] | undefined) ?? [];
    for (const child of [...metadata(MODULE_METADATA.IMPORTS), ...(dynamic?.imports ?? [])]) visit(child as ModuleRef);
    for (const provider of [...metadata(MODULE_METADATA.PROVIDERS), ...(dynamic?.providers ?? [])] as Provider[]) {
      const cls = typeof provider === 'function' ? provider : 'useClass' in provider ? provider.useClass : null;
      if (cls) found.push(...declaredResources(cls));
    }
  };
  for (const module of modules) visit(module);
  return found;
}

/** Adds the names the descriptors declare (`vocabulary`) to the app's lists (src/common/vocabulary.ts). */
export function addToVocabulary(descriptors: readonly ResourceDescriptor[]): void {
  for (const { vocabulary } of descriptors) {
    if (!vocabulary) continue;
    addEntityTypes(vocabulary);
    addPermissions(vocabulary);
  }
}
