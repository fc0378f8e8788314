/**
 * The names modules add to the app's vocabularies: entity types (webhooks, `GET /changes`, the change history), the
 * record types that carry custom attributes, PULL hook targets and API permissions. The specification's own names are
 * the lists of `entity-types.ts` and `auth/permissions.ts`; a module that adds a resource declares its names once, in its
 * own folder, as a constant that both the compiler and the running app read:
 *
 * ```ts
 * export const BUDGETS_VOCABULARY = { entityTypes: ['budget'], permissions: ['budgets_view', 'budgets_edit'] } as const;
 * declare module '../common/vocabulary' {
 *   interface ModuleVocabulary {
 *     budgets: typeof BUDGETS_VOCABULARY;
 *   }
 * }
 * ```
 *
 * The interface merge widens the unions (`EntityType`, `ApiPermission`, ...), so that the module's descriptor and routes
 * compile; the constant, named by its resource descriptor (`vocabulary`), is added to the lists at start-up
 * (`addToVocabulary`, from the modules' metadata), so that validators, Swagger enums and permission sets hold it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged by the modules (declaration merging)
export interface ModuleVocabulary {}

/** What one module adds (each list optional). */
export interface VocabularyDeclaration {
  /** Entity types of its change records that webhooks and `GET /changes` carry. */
  readonly entityTypes?: readonly string[];
  /** Of those, the record types that carry custom attributes. */
  readonly customAttributeRecordTypes?: readonly string[];
  /** Of those, the types a PULL hook may write (the resource declares `pull` on its descriptor). */
  readonly pullEntityTypes?: readonly string[];
  /** API permissions its routes require. */
  readonly permissions?: readonly string[];
}

/** The union of one list over every module's declaration. */
export type Declared<K extends keyof VocabularyDeclaration> = {
  [M in keyof ModuleVocabulary]: ModuleVocabulary[M] extends { readonly [P in K]: readonly (infer T extends string)[] } ? T : never;
}[keyof ModuleVocabulary];

/**
 * Adds the names a list lacks, in place: the lists are shared by reference (validators and Swagger enums keep the array
 * they were given when their classes were decorated), so they must be extended, never replaced. Adding a name twice
 * changes nothing: every app of a process declares the same modules.
 */
export function extendList<T extends string>(list: readonly T[], names: readonly string[] | undefined): void {
  for (const name of names ?? []) if (!list.includes(name as T)) (list as T[]).push(name as T);
}
