/** The founder shown in the landing page's About section (spec section 3: experience cards). */
export interface ExperienceCard {
  company: string;
  role: string;
  /** Kind of engagement, e.g. Full-time or Contract. */
  type: string;
  description: string;
}

export const FOUNDER = {
  title: 'Founder & Principal Software Engineer',
  bio: [
    'I started this consultancy to give founders and small teams direct access to senior engineering: one accountable person who designs, builds and ships the product with you, without the overhead of an agency.',
    'Over more than a decade I have built web applications, payment systems and cloud platforms for startups and established companies, and led the teams that run them. I care about clear communication, honest estimates and software that keeps working after launch.',
  ],
} as const;

export const EXPERIENCE: readonly ExperienceCard[] = [
  {
    company: 'Independent consultancy',
    role: 'Founder & Principal Engineer',
    type: 'Self-employed',
    description:
      'Web applications, technical strategy and fractional engineering leadership for startups and small businesses.',
  },
  {
    company: 'Fintech scale-up',
    role: 'Senior Software Engineer',
    type: 'Full-time',
    description:
      'Built payment and subscription services handling card payments, refunds and recurring billing at scale.',
  },
  {
    company: 'SaaS platform',
    role: 'Engineering Lead',
    type: 'Full-time',
    description:
      'Led a product team through a platform rewrite: architecture, hiring, code review and delivery planning.',
  },
  {
    company: 'Digital agencies',
    role: 'Full-Stack Developer',
    type: 'Contract',
    description:
      'Delivered websites and web apps for clients across retail, healthcare and education, from first sketch to launch.',
  },
];
