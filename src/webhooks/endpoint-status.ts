import type { PostResult } from './webhook-http-client';

/**
 * The outcome of one POST: a delivery (with the change it carried) or a test connection (no change),
 * to a webhook endpoint or to an integration's push hook (exactly one of the two ids is set).
 */
export interface Outcome {
  organizationId: string;
  changeSeq: number | null;
  endpointId: string | null;
  integrationId?: string | null;
  result: PostResult;
  finishedAt: Date;
}

export function isSuccess(result: PostResult): boolean {
  return result.status !== null && result.status >= 200 && result.status < 300;
}

/** Outcomes grouped by organization: they are written one statement per organization (each names it, for Citus: docs/scale-out.md). */
export function outcomesByOrganization(outcomes: Outcome[]): Map<string, Outcome[]> {
  const byOrganization = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const list = byOrganization.get(outcome.organizationId);
    if (list) list.push(outcome);
    else byOrganization.set(outcome.organizationId, [outcome]);
  }
  return byOrganization;
}
