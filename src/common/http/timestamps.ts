/** createdAt/updatedAt as ISO 8601 strings, for response DTOs. */
export function timestamps(entity: { createdAt: Date; updatedAt: Date }): { createdAt: string; updatedAt: string } {
  return { createdAt: entity.createdAt.toISOString(), updatedAt: entity.updatedAt.toISOString() };
}
