// The consent banner's and the privacy policy's texts (not in the spec: added with issue 13).
export const PRIVACY_PATH = '/privacy-policy';
export const PRIVACY_POLICY_DATE = 'November 23, 2026';
export const PRIVACY_POLICY_ISO_DATE = '2026-11-23';

/** The footer's link and button (kept apart from the banner's texts, which load only with the banner). */
export const PRIVACY_POLICY_LINK = 'Privacy Policy';
export const PRIVACY_CHOICES = 'Privacy choices';

export const CONSENT_TEXT = {
  title: PRIVACY_CHOICES,
  body: 'May we use the Meta advertising pixel to measure which of our ads bring visitors and purchases? Nothing is sent to Meta unless you accept. You can change your choice at any time with Privacy choices at the bottom of the page.',
  accept: 'Accept',
  decline: 'Decline',
  current: { granted: 'You have accepted.', denied: 'You have declined.' },
} as const;
