/** The Terms of Service edition in force (spec sections 2 and 9). */
export const TERMS_VERSION = '1.0';
export const TERMS_DATE = 'June 15, 2025';
export const TERMS_PATH = '/terms-of-service';
