import { limitHeapGrowth } from './heap-growth';

describe('heap growth of the service process', () => {
  it('is set when node was started without its own --heap-growing-percent', () => {
    expect(limitHeapGrowth([], '')).toBe(true);
  });

  it('is left as given on the command line or in NODE_OPTIONS', () => {
    expect(limitHeapGrowth(['--heap-growing-percent=80'], '')).toBe(false);
    expect(limitHeapGrowth([], '--max-old-space-size=512 --heap-growing-percent=80')).toBe(false);
  });
});
