import { findConsultationTier, findPurchasableTier } from '@agency/domain/tiers';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import { PRIVACY_PATH } from '@agency/domain/messages/privacy';
import { TERMS_PATH } from '@agency/domain/terms';
import { matchPath } from '@agency/router';
import { brand } from '@agency/ui';

/** What the document head says about a page: its own title and description, and whether search engines list it. */
export interface PageHead {
  title: string;
  description: string;
  /** Listed by search engines (and in sitemap.xml); private and transient pages are not. */
  indexable: boolean;
}

const site = (title: string) => `${title} | ${brand.name}`;

const HOME: PageHead = {
  title: `${brand.name}: web apps and fractional engineering leadership`,
  description:
    'A small senior software consultancy turning ideas into digital solutions: fixed-price web apps from $500, ' +
    'or a fractional senior engineer or CTO by the month. Book a free 15-minute call.',
  indexable: true,
};

const NOT_FOUND: PageHead = {
  title: site('Page not found'),
  description: 'This page does not exist. Go back to the home page to see our services.',
  indexable: false,
};

type HeadFor = (params: Record<string, string | undefined>) => PageHead;

/** Every route's head (spec section 2); the first pattern that matches wins. */
const HEADS: readonly [pattern: string, head: HeadFor][] = [
  ['/', () => HOME],
  [
    TERMS_PATH,
    () => ({
      title: site('Terms of Service'),
      description: `The terms under which ${brand.name} sells fixed-price web apps, monthly engagements and consultations.`,
      indexable: true,
    }),
  ],
  [
    PRIVACY_PATH,
    () => ({
      title: site('Privacy Policy'),
      description: `How ${brand.name} collects, uses and keeps personal data, and the rights you have over it.`,
      indexable: true,
    }),
  ],
  [
    '/purchase/:tierId',
    ({ tierId }) => {
      const tier = findPurchasableTier(tierId);
      if (!tier) return { ...NOT_FOUND, title: site(CHECKOUT_MESSAGES.purchase.serviceNotFoundTitle) };
      return {
        title: site(CHECKOUT_MESSAGES.purchase.heading(tier.name)),
        description: `${tier.name} for ${tier.price}, fixed price: ${tier.description} Pay the 50% deposit securely by card.`,
        indexable: true,
      };
    },
  ],
  [
    '/consultation/:tierId',
    ({ tierId }) => {
      const consultation = findConsultationTier(tierId);
      if (!consultation)
        return { ...NOT_FOUND, title: site(CHECKOUT_MESSAGES.purchase.serviceNotFoundTitle) };
      return {
        title: site(CHECKOUT_MESSAGES.consultation.heading(consultation.name)),
        description:
          consultation.tier?.description ??
          'A free consultation about your project: tell us what you need and get a proposal and a timeline.',
        indexable: true,
      };
    },
  ],
  [
    '/purchase-success',
    () => ({
      title: site(CHECKOUT_MESSAGES.purchaseSuccess.heading),
      description: 'Your deposit is paid. We review your project within 24-48 hours.',
      indexable: false,
    }),
  ],
  [
    '/consultation-success',
    () => ({
      title: site(CHECKOUT_MESSAGES.consultationSuccess.heading),
      description: 'Your consultation request is in. We will send a calendar invite within 24 hours.',
      indexable: false,
    }),
  ],
  [
    '/login',
    () => ({
      title: site('Client Login'),
      description: `Log in to the ${brand.name} client portal to follow and pay for your projects, or create an account.`,
      indexable: true,
    }),
  ],
  [
    '/reset-password',
    () => ({
      title: site('Set a New Password'),
      description: 'Choose a new password for your account.',
      indexable: false,
    }),
  ],
  [
    '/dashboard',
    () => ({
      title: site('Dashboard'),
      description: 'Your projects, payments and boards.',
      indexable: false,
    }),
  ],
];

/** The head of the page at this path (a path no route matches is the 404 page). */
export function pageHead(pathname: string): PageHead {
  for (const [pattern, head] of HEADS) {
    const match = matchPath(pattern, pathname);
    if (match) return head(match.params);
  }
  return NOT_FOUND;
}

/** The public pages search engines should find (sitemap.xml). */
export const SITEMAP_PATHS: readonly string[] = [
  '/',
  TERMS_PATH,
  PRIVACY_PATH,
  '/purchase/1',
  '/purchase/2',
  '/consultation/3',
  '/consultation/4',
  '/consultation/general',
  '/login',
];

/** The canonical address of a page: the site's own URL, without query or fragment. */
export function canonicalUrl(siteUrl: string, pathname: string): string {
  return `${siteUrl.replace(/\/$/, '')}${pathname === '/' ? '/' : pathname}`;
}
