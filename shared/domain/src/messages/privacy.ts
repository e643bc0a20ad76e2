// The consent banner's and the privacy policy's texts (not in the spec: added with issue 13).
export const PRIVACY_PATH = '/privacy-policy';
export const PRIVACY_POLICY_DATE = 'November 23, 2026';
export const PRIVACY_POLICY_ISO_DATE = '2026-11-23';

/** The footer's link and button; the banner's own texts are in consent.ts, loaded only with the banner. */
export const PRIVACY_POLICY_LINK = 'Privacy Policy';
export const PRIVACY_CHOICES = 'Privacy choices';
