// The apps of the product: each served from its own origin, on its own port.
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const APPS = [
  { dir: 'host', portVar: 'HOST_PORT', urlVar: 'PUBLIC_SITE_URL' },
  { dir: 'remote-marketing', portVar: 'MARKETING_PORT', urlVar: 'MARKETING_URL' },
  { dir: 'remote-checkout', portVar: 'CHECKOUT_PORT', urlVar: 'CHECKOUT_URL' },
  { dir: 'remote-client-portal', portVar: 'CLIENT_PORTAL_PORT', urlVar: 'CLIENT_PORTAL_URL' },
  { dir: 'remote-admin-portal', portVar: 'ADMIN_PORTAL_PORT', urlVar: 'ADMIN_PORTAL_URL' },
];
