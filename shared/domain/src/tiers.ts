/** The four service tiers and the free general consultation (spec sections 1, 3 and 9). */
export type TierId = 1 | 2 | 3 | 4;
export type ConsultationTierKey = '3' | '4' | 'general';

export interface ServiceTier {
  id: TierId;
  name: string;
  /** Display price, as the cards show it. */
  price: string;
  /** Price unit shown beside the price, if any. */
  priceNote?: string;
  description: string;
  features: string[];
  popular: boolean;
  /** Tiers bought directly by card on /purchase/{id}; the others go through a consultation. */
  directBooking: boolean;
  /** Full price in whole dollars for fixed-price tiers. */
  costDollars?: number;
  /** 50% deposit in whole dollars for fixed-price tiers. */
  downpaymentDollars?: number;
  /** Monthly fee shown when a subscription project has no cost set. */
  defaultMonthlyDollars?: number;
  /** Support period included with fixed-price tiers. */
  supportPeriod?: string;
}

export const DOWNPAYMENT_RATE = 0.5;
export const CURRENCY = 'usd';

export const SERVICE_TIERS: readonly ServiceTier[] = [
  {
    id: 1,
    name: 'Basic Web App',
    price: '$500',
    description: 'A fast, polished website or simple web app to put your idea in front of customers.',
    features: [
      'Responsive design',
      '5 pages maximum',
      'Contact form',
      'SEO optimization',
      'Mobile-friendly',
      '1 week support',
    ],
    popular: false,
    directBooking: true,
    costDollars: 500,
    downpaymentDollars: 250,
    supportPeriod: '1 week',
  },
  {
    id: 2,
    name: 'Standard Web App',
    price: '$1,400',
    description: 'A full web application with accounts, data and payments, ready for real users.',
    features: [
      'Custom functionality',
      'Database integration',
      'User authentication',
      'Payment processing',
      'Admin dashboard',
      '1 month support',
    ],
    popular: true,
    directBooking: true,
    costDollars: 1400,
    downpaymentDollars: 700,
    supportPeriod: '1 month',
  },
  {
    id: 3,
    name: 'Fractional Sr. SWE',
    price: 'Custom',
    priceNote: 'monthly subscription',
    description: 'A senior software engineer embedded in your team for complex, long-running work.',
    features: [
      'Complex integrations',
      'Scalable architecture',
      'API development',
      'Cloud deployment',
      'Performance optimization',
      'Ongoing support',
    ],
    popular: false,
    directBooking: false,
    defaultMonthlyDollars: 15000,
  },
  {
    id: 4,
    name: 'Fractional CTO',
    price: 'Custom',
    priceNote: 'monthly subscription',
    description: 'Technical leadership for your company: strategy, team and architecture, part-time.',
    features: [
      'Technical strategy',
      'Team leadership',
      'Architecture decisions',
      'Technology roadmap',
      'Vendor management',
      'Ongoing consultation',
    ],
    popular: false,
    directBooking: false,
    defaultMonthlyDollars: 25000,
  },
];

export const GENERAL_CONSULTATION = {
  id: 'general' as const,
  name: 'General Consultation',
  price: 'Free',
};

export function findTier(id: unknown): ServiceTier | undefined {
  const n = typeof id === 'string' ? Number(id) : id;
  return SERVICE_TIERS.find((t) => t.id === n);
}

/** A tier that can be bought on /purchase/{id}; undefined for unknown or consultation-only tiers. */
export function findPurchasableTier(id: unknown): ServiceTier | undefined {
  const tier = findTier(id);
  return tier?.directBooking ? tier : undefined;
}

/** Tier 3, tier 4 or the general consultation, as named in /consultation/{tierId}. */
export function findConsultationTier(
  key: string | undefined,
): { key: ConsultationTierKey; name: string; tier?: ServiceTier } | undefined {
  if (key === 'general') return { key, name: GENERAL_CONSULTATION.name };
  if (key === '3' || key === '4') {
    const tier = findTier(key)!;
    return { key, name: tier.name, tier };
  }
  return undefined;
}

export function isFixedPriceTier(tier: number): tier is 1 | 2 {
  return tier === 1 || tier === 2;
}

export function isSubscriptionTier(tier: number): tier is 3 | 4 {
  return tier === 3 || tier === 4;
}
