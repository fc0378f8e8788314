import { deriveDeliveryStatus, ticketDeliveryStatus, type DeliveryStatus } from '../../src/projects/delivery-status';

describe('decisions/Projects: ticket status mapping', () => {
  it('maps the six values and common tool words, ignoring case, spaces, _ and -', () => {
    const cases: [string, DeliveryStatus][] = [
      ['BACKLOG', 'BACKLOG'],
      ['Open', 'BACKLOG'],
      ['To Do', 'TODO'],
      ['TODO', 'TODO'],
      ['Selected for Development', 'TODO'],
      ['in-progress', 'IN_PROGRESS'],
      ['IN_PROGRESS', 'IN_PROGRESS'],
      ['Code Review', 'IN_REVIEW'],
      ['QA', 'IN_REVIEW'],
      ['Closed', 'DONE'],
      ['Done', 'DONE'],
      ["Won't Do", 'CANCELLED'],
      ['Canceled', 'CANCELLED'],
    ];
    for (const [word, status] of cases) expect([word, ticketDeliveryStatus(word)]).toEqual([word, status]);
  });

  it('knows no other word', () => {
    expect(ticketDeliveryStatus('Sleeping')).toBeNull();
    expect(ticketDeliveryStatus('')).toBeNull();
  });
});

describe('decisions/Projects: deliveryStatus derivation rule', () => {
  const d = (...s: DeliveryStatus[]) => deriveDeliveryStatus(s);

  it('no links: nothing derived (the project keeps its own value)', () => {
    expect(d()).toBeNull();
  });
  it('every ticket cancelled: CANCELLED; cancelled tickets are otherwise left out', () => {
    expect(d('CANCELLED', 'CANCELLED')).toBe('CANCELLED');
    expect(d('CANCELLED', 'DONE')).toBe('DONE');
    expect(d('CANCELLED', 'TODO')).toBe('TODO');
  });
  it('nothing started (BACKLOG/TODO): the most advanced of them', () => {
    expect(d('BACKLOG')).toBe('BACKLOG');
    expect(d('BACKLOG', 'TODO')).toBe('TODO');
  });
  it('everything at least in review: the least advanced of them', () => {
    expect(d('DONE', 'DONE')).toBe('DONE');
    expect(d('IN_REVIEW', 'DONE')).toBe('IN_REVIEW');
  });
  it('any ticket in progress, or started and unstarted tickets mixed: IN_PROGRESS', () => {
    expect(d('IN_PROGRESS', 'DONE')).toBe('IN_PROGRESS');
    expect(d('IN_PROGRESS')).toBe('IN_PROGRESS');
    expect(d('TODO', 'DONE')).toBe('IN_PROGRESS');
    expect(d('BACKLOG', 'IN_REVIEW')).toBe('IN_PROGRESS');
  });
});
