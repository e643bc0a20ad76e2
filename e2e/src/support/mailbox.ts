import type { RunningProduct } from './product';

/** A mail as the offline mailbox's JSON API lists it. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  links: string[];
}

/** Every mail to this address so far (none while the mailbox does not answer). */
export async function mailsTo(product: RunningProduct, to: string): Promise<Mail[]> {
  const response = await fetch(`${product.env.MAILBOX_URL}/api/messages?to=${encodeURIComponent(to)}`);
  return response.ok ? ((await response.json()) as Mail[]) : [];
}
