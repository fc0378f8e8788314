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
