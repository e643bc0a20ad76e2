import { earlyCancellationPenalty, finalPaymentFor, minimumTermMonthsRemaining, toCents } from './money';

describe('money rules', () => {
  const start = new Date('2026-01-15T12:00:00Z');
  it.each([
    ['the first day', '2026-01-15T12:00:00Z', 3],
    ['within the first month', '2026-02-15T11:59:59Z', 3],
    ['after one full month', '2026-02-15T12:00:00Z', 2],
    ['within the third month', '2026-04-14T00:00:00Z', 1],
    ['at the end of the minimum term', '2026-04-15T12:00:00Z', 0],
    ['long after', '2027-01-01T00:00:00Z', 0],
  ])('counts the minimum-term months still ahead: %s', (_label, now, months) => {
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
});
