import { isCuid } from '../ids';

/**
 * Document 01 rule 5: a CUID-shaped value is an id, anything else an externalId.
 * Returns the column to match and the value, for any resource that has both.
 */
export function idOrExternalId(value: string): { column: 'id' | 'external_id'; value: string } {
  return isCuid(value) ? { column: 'id', value } : { column: 'external_id', value };
}
