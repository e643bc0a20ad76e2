import type { Locator, Page } from 'playwright-core';

/** Fills the card field in `scope` (a dialog, a form, the page) with the stand-in's test card `number`. */
export async function fillCard(scope: Locator | Page, number: string): Promise<void> {
  const card = scope.getByRole('group', { name: 'Credit or debit card' });
  await card.waitFor();
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await card.getByLabel('Security code (CVC)').fill('123');
}
