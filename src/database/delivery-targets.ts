/**
 * Which delivery targets a live change goes to (document 02 webhooks; spec 04 §5.2 push hooks): the
 * enabled webhook endpoints and integration push hooks of its organization that subscribe to its entity
 * type and change type. SQL conditions over a target alias and the change's organization, entity type and
 * change type expressions, shared by the outbox write (a change no target wants is never queued) and the
 * dispatcher's fan-out, so the two cannot disagree.
 */
export function endpointWants(e: string, organizationId: string, entityType: string, changeType: string): string {
  return `${e}.organization_id = ${organizationId} AND ${e}.enabled AND ${entityType} = ANY(${e}.entity_types) AND ${changeType} = ANY(${e}.event_types)`;
}

export function pushHookWants(i: string, organizationId: string, entityType: string, changeType: string): string {
  return (
    `${i}.organization_id = ${organizationId} AND ${i}.push_enabled AND ${i}.push_url IS NOT NULL ` +
    `AND ${entityType} = ANY(${i}.push_entity_types) AND ${changeType} = ANY(${i}.push_event_types)`
  );
}

/**
 * Spec 03 §1.18: a target configured by a user (`userColumn`; null: the application itself) receives a change only while
 * that user is an active user of the organization holding the view permission of its entity type. `types` and
 * `permissions` are parallel `text[]` parameters: each entity type and the permission it needs (a type not listed needs
 * none). Read at each fan-out, so a user who loses a right stops receiving those types from the next change on.
 */
export function configurerMayView(
  userColumn: string,
  organizationId: string,
  entityType: string,
  types: string,
  permissions: string,
): string {
  return (
    `(${userColumn} IS NULL OR EXISTS (SELECT 1 FROM users cu WHERE cu.organization_id = ${organizationId} AND cu.id = ${userColumn} ` +
    `AND cu.active AND ('*' = ANY(cu.permissions) OR NOT EXISTS (SELECT 1 FROM unnest(${types}::text[], ${permissions}::text[]) vp(t, p) ` +
    `WHERE vp.t = ${entityType} AND NOT vp.p = ANY(cu.permissions)))))`
  );
}
