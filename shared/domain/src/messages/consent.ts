// The consent banner's texts: their own module, so only the banner's lazy chunk carries them.
import { PRIVACY_CHOICES } from './privacy';

export const CONSENT_TEXT = {
  title: PRIVACY_CHOICES,
  body: 'May we use the Meta advertising pixel to measure which of our ads bring visitors and purchases? Nothing is sent to Meta unless you accept. You can change your choice at any time with Privacy choices at the bottom of the page.',
  accept: 'Accept',
  decline: 'Decline',
  current: { granted: 'You have accepted.', denied: 'You have declined.' },
} as const;
