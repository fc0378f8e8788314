import { CurrencyConverter } from './exchange-rates.service';

describe('CurrencyConverter (03/exchange rates: conversion helper)', () => {
  const converter = new CurrencyConverter(
    '2026-06-01',
    new Map([
      ['EUR:USD', { rate: 1.1, effectiveDate: '2026-01-01' }],
      ['USD:EUR', { rate: 0.95, effectiveDate: '2026-05-01' }],
      ['GBP:USD', { rate: 1.25, effectiveDate: '2026-02-01' }],
    ]),
  );

  it('uses the stored pair first, even when the reverse pair is stored too', () => {
    expect(converter.rate('EUR', 'USD')).toEqual({ rate: 1.1, source: 'direct', effectiveDate: '2026-01-01' });
    expect(converter.rate('USD', 'EUR')).toEqual({ rate: 0.95, source: 'direct', effectiveDate: '2026-05-01' });
  });

  it('inverts the reverse pair when only it is stored', () => {
    expect(converter.rate('USD', 'GBP')?.rate).toBeCloseTo(0.8, 12);
    expect(converter.convert(100, 'USD', 'GBP')).toBeCloseTo(80, 10);
  });

  it('is the identity for one currency and null for an unknown pair', () => {
    expect(converter.convert(42, 'JPY', 'JPY')).toBe(42);
    expect(converter.rate('JPY', 'USD')).toBeNull();
  });
});
