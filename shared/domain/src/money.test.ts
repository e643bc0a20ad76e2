import {
  earlyCancellationPenalty,
  finalPaymentFor,
  formatUsd,
  minimumTermMonthsRemaining,
  monthlyFee,
  toCents,
} from './money';

describe('money rules', () => {
  const start = new Date('2026-01-15T12:00:00Z');
  it.each([
    ['the first day (the first month is invoiced at the start)', '2026-01-15T12:00:00Z', 2],
    ['the last moment of the first month', '2026-02-15T11:59:59Z', 2],
    ['the first renewal (two months invoiced)', '2026-02-15T12:00:00Z', 1],
    ['the last moment of the second month', '2026-03-15T11:59:59Z', 1],
    ['the second renewal (the whole term invoiced)', '2026-03-15T12:00:00Z', 0],
    ['within the third month', '2026-04-14T00:00:00Z', 0],
    ['long after', '2027-01-01T00:00:00Z', 0],
  ])('counts the minimum-term months not yet invoiced: %s', (_label, now, months) => {
    expect(minimumTermMonthsRemaining(start, new Date(now))).toBe(months);
  });

  it('charges 60% of the remaining months times the monthly fee', () => {
    expect(earlyCancellationPenalty(3, 25000)).toBe(45000);
    expect(earlyCancellationPenalty(1, 12345.67)).toBe(7407.4);
    expect(earlyCancellationPenalty(0, 25000)).toBe(0);
  });

  it('defaults the final payment to the deposit and sends cents', () => {
    expect(finalPaymentFor(1)).toBe(250);
    expect(finalPaymentFor(2, null)).toBe(700);
    expect(finalPaymentFor(2, 900)).toBe(900);
    expect(toCents(7407.4)).toBe(740740);
  });

  it("takes a subscription's monthly fee from its cost, else the tier's default; none for other tiers", () => {
    expect(monthlyFee({ tier: 3, cost: 8000 })).toBe(8000);
    expect(monthlyFee({ tier: 3, cost: null })).toBe(15000);
    expect(monthlyFee({ tier: 4, cost: null })).toBe(25000);
    expect(monthlyFee({ tier: 1, cost: 500 })).toBeUndefined();
    expect(monthlyFee({ tier: null, cost: null })).toBeUndefined();
  });

  it('writes dollars as en-US currency, as Intl.NumberFormat does', () => {
    const intl = (dollars: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(dollars);
    const cents = [0, 5, 99, 100, 25000, 70000, 123456, 740740, 99999999, 100000000, 123456789012];
    const amounts = cents.flatMap((c) => (c ? [c / 100, -c / 100] : [0])).concat([0.1, 7407.4, 12345.67]);
    for (const dollars of amounts) expect(formatUsd(dollars)).toBe(intl(dollars));
    expect(formatUsd(1500)).toBe('$1,500');
    expect(formatUsd(7407.4)).toBe('$7,407.40');
  });
});
