import { type Declared, extendList, type VocabularyDeclaration } from './vocabulary';

/**
 * The entity types the change history records: one vocabulary for webhooks, `GET /changes`, custom attributes,
 * scenarios and integrations. Resource specs and descriptors are typed by it, so a type named nowhere here is a
 * compile error, and a descriptor that leaves out its types fails the resource catalog's tests. Document 02's types
 * are listed here; a module adds its own from its folder (`vocabulary.ts`).
 */

/** Every entity type of document 02 (with the changelog's additions). */
const DOCUMENT_ENTITY_TYPES = [
  'employee',
  'contractor',
  'vacancy',
  'team',
  'project',
  'initiative',
  'cost_center',
  'value_stream',
  'geography',
  'employee_team_allocation',
  'employee_project_allocation',
  'team_project_allocation',
  'contractor_team_allocation',
  'contractor_project_allocation',
  'vacancy_team_allocation',
  'vacancy_project_allocation',
  'salary_adjustment',
  'bonus',
  'contractor_rate',
  'ai_agent',
  'agent_policy',
  'ai_policy',
  'functional_group',
  'functional_position',
  'functional_assignment',
  'objective',
  'portfolio_lens',
  'capex_claim',
  'budget',
  // Spec 07 §4.1: a change of the forecast assumptions of the organization or of a scenario.
  'organization',
  'scenario',
  // Spec 07 §5.3: an employee's dated term (working time, cost centre, job role, location).
  'employment_term',
  // Spec 07 §3.6: a round of approval of a scenario (create on submit, update on each decision and withdrawal).
  'scenario_approval',
] as const;
export type EntityType = (typeof DOCUMENT_ENTITY_TYPES)[number] | Declared<'entityTypes'>;

/** Every entity type any may subscribe to: document 02's, then the modules' (added at start-up, `addToVocabulary`). */
export const ENTITY_TYPES: readonly EntityType[] = [...DOCUMENT_ENTITY_TYPES];

/** Types the history keeps that are no document 02 entity type: never sent to subscribers nor listed in `GET /changes`. */
export const HISTORY_ONLY_TYPES = [
  'assignment',
  'job_role',
  'driver',
  'exchange_rate',
  'resource_type',
  'project_link',
  'custom_attribute_definition',
  'custom_attribute_value',
  'functional_group_placement',
  'functional_position_report',
] as const;

/** Any entity type a change record may carry. */
export type RecordedEntityType = EntityType | (typeof HISTORY_ONLY_TYPES)[number];

/** The record types that carry custom attributes (document 01 rule 9), by their entity type. */
const DOCUMENT_CUSTOM_ATTRIBUTE_RECORD_TYPES = [
  'employee',
  'contractor',
  'vacancy',
  'project',
  'team',
  'functional_group',
  'functional_position',
  'budget',
] as const satisfies readonly EntityType[];
export type CustomAttributeRecordType = (typeof DOCUMENT_CUSTOM_ATTRIBUTE_RECORD_TYPES)[number] | Declared<'customAttributeRecordTypes'>;

/** Every record type that carries custom attributes: document 01's, then the modules'. */
export const CUSTOM_ATTRIBUTE_RECORD_TYPES: readonly CustomAttributeRecordType[] = [...DOCUMENT_CUSTOM_ATTRIBUTE_RECORD_TYPES];

/**
 * What a PULL hook of an integration may create and update; each is declared by its resource (`pull` of its
 * descriptor). The same records as carry custom attributes today, but a list of its own: a generated resource gets
 * custom attributes, and becomes a PULL target only when it declares one.
 */
const DOCUMENT_PULL_ENTITY_TYPES = [
  'employee',
  'contractor',
  'vacancy',
  'project',
  'team',
  'functional_group',
  'functional_position',
] as const satisfies readonly EntityType[];
export type PullEntityType = (typeof DOCUMENT_PULL_ENTITY_TYPES)[number] | Declared<'pullEntityTypes'>;

/** Every type a PULL hook may write: spec 04's, then the modules'. */
export const PULL_ENTITY_TYPES: readonly PullEntityType[] = [...DOCUMENT_PULL_ENTITY_TYPES];

/** A record type as custom attribute definitions and values name it: the entity type in capitals (`team` -> `TEAM`). */
export function customAttributeTypeOf<T extends CustomAttributeRecordType>(type: T): Uppercase<T> {
  return type.toUpperCase() as Uppercase<T>;
}

/** The record types as custom attributes name them (`TEAM`): the record types in capitals. */
export const CUSTOM_ATTRIBUTE_ENTITY_TYPES: readonly Uppercase<CustomAttributeRecordType>[] =
  CUSTOM_ATTRIBUTE_RECORD_TYPES.map(customAttributeTypeOf);

/** Adds a module's entity types, custom attribute record types and PULL targets to the lists above. */
export function addEntityTypes(declaration: VocabularyDeclaration): void {
  extendList(ENTITY_TYPES, declaration.entityTypes);
  extendList(CUSTOM_ATTRIBUTE_RECORD_TYPES, declaration.customAttributeRecordTypes);
  extendList(
    CUSTOM_ATTRIBUTE_ENTITY_TYPES,
    declaration.customAttributeRecordTypes?.map((type) => type.toUpperCase()),
  );
  extendList(PULL_ENTITY_TYPES, declaration.pullEntityTypes);
}

/** Whether a string is an entity type of the app (document 02's or a module's). */
export function isEntityType(type: string): type is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(type);
}
