import { isCuid, newId } from './ids';

describe('ids (document 01: CUID shape)', () => {
  it('01/ids: 10,000 new ids (several refills of the random pool) are CUIDs and all different', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    expect(ids.every(isCuid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // The random part differs between ids made in the same millisecond with neighbouring counters.
    expect(new Set(ids.map((id) => id.slice(13))).size).toBe(ids.length);
  });
});
