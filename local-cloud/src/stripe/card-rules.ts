/**
 * Card checks shared by the service and the browser stand-in. The stand-in script embeds these functions'
 * source, so they must stay self-contained (no imports, no outer references).
 */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function passesLuhn(cardNumber: string): boolean {
  const digits = cardNumber.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** Expected card number length and cvc length for a brand. */
export function cardLengths(brand: string): { number: number; cvc: number } {
  return brand === 'amex' ? { number: 15, cvc: 4 } : { number: 16, cvc: 3 };
}

export function isExpiryInPast(month: number, year: number, now: Date): boolean {
  const y = year < 100 ? 2000 + year : year;
  return y < now.getFullYear() || (y === now.getFullYear() && month < now.getMonth() + 1);
}
