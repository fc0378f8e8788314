/** Document 01 "Project deliveryStatus". */
export const DELIVERY_STATUSES = ['BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'DONE', 'CANCELLED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DEFAULT_DELIVERY_STATUS: DeliveryStatus = 'BACKLOG';

/**
 * Ticket statuses of the common project-management tools, by their normalized form (lower case, only
 * letters and digits: "In Progress", "IN_PROGRESS" and "in-progress" are all `inprogress`).
 */
const TICKET_STATUS_WORDS: Record<DeliveryStatus, readonly string[]> = {
  BACKLOG: ['backlog', 'new', 'open', 'icebox', 'triage'],
  TODO: ['todo', 'selectedfordevelopment', 'ready', 'readyfordevelopment', 'planned', 'unstarted', 'notstarted'],
  IN_PROGRESS: ['inprogress', 'started', 'doing', 'active', 'indevelopment', 'blocked', 'reopened'],
  IN_REVIEW: ['inreview', 'review', 'codereview', 'readyforreview', 'qa', 'inqa', 'readyforqa', 'testing', 'intesting', 'verification'],
  DONE: ['done', 'closed', 'resolved', 'complete', 'completed', 'fixed', 'merged', 'released', 'shipped', 'deployed'],
  CANCELLED: ['cancelled', 'canceled', 'wontdo', 'wontfix', 'rejected', 'duplicate', 'abandoned', 'obsolete', 'invalid'],
};

const BY_WORD = new Map<string, DeliveryStatus>(
  (Object.entries(TICKET_STATUS_WORDS) as [DeliveryStatus, readonly string[]][]).flatMap(([status, words]) =>
    words.map((w) => [w, status] as const),
  ),
);

/** The delivery status a ticket status stands for, or null when the word is not known. */
export function ticketDeliveryStatus(ticketStatus: string): DeliveryStatus | null {
  return BY_WORD.get(ticketStatus.toLowerCase().replace(/[^a-z0-9]/g, '')) ?? null;
}

const RANK: Record<Exclude<DeliveryStatus, 'CANCELLED'>, number> = { BACKLOG: 0, TODO: 1, IN_PROGRESS: 2, IN_REVIEW: 3, DONE: 4 };

/**
 * A linked project's delivery status from its tickets' statuses (docs/decisions.md "Projects"):
 * cancelled tickets are left out unless every ticket is cancelled (then CANCELLED); if no remaining
 * ticket has started (all BACKLOG/TODO), the most advanced of them; if every one is at least in
 * review (IN_REVIEW/DONE), the least advanced of them; otherwise (any IN_PROGRESS, or started and
 * unstarted tickets mixed) IN_PROGRESS. Null for no links: the status is then the project's own.
 */
export function deriveDeliveryStatus(ticketStatuses: readonly DeliveryStatus[]): DeliveryStatus | null {
  if (ticketStatuses.length === 0) return null;
  const open = ticketStatuses.filter((s): s is Exclude<DeliveryStatus, 'CANCELLED'> => s !== 'CANCELLED');
  if (open.length === 0) return 'CANCELLED';
  const ranks = open.map((s) => RANK[s]);
  const max = Math.max(...ranks);
  const min = Math.min(...ranks);
  if (max <= RANK.TODO) return max === RANK.TODO ? 'TODO' : 'BACKLOG';
  if (min >= RANK.IN_REVIEW) return min === RANK.IN_REVIEW ? 'IN_REVIEW' : 'DONE';
  return 'IN_PROGRESS';
}
