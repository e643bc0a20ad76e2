// The Privacy Policy text (marketing content). What it says about the ad pixel follows the runtime
// configuration: with no pixel id the site uses no advertising tracker at all.
import { PRIVACY_CHOICES } from '@agency/domain/messages/privacy';
import type { LegalSection } from '../../components/legal-sections';

export function privacySections({
  contactEmail,
  pixelEnabled,
}: {
  contactEmail: string;
  pixelEnabled: boolean;
}): LegalSection[] {
  const advertising = pixelEnabled
    ? [
        `With your consent only, we use the Meta advertising pixel to measure which of our ads bring visitors and purchases. Until you choose Accept in the privacy banner, the pixel is not loaded and nothing is sent to Meta. When you accept, it is told when you view our services, purchase or consultation pages, start a payment, buy a tier or book a consultation, with the tier and amount, and Meta may set its own cookies; Meta's privacy policy applies to what it does with them.`,
        `You can change your choice at any time with ${PRIVACY_CHOICES} at the bottom of every page. After you decline, no further events are sent.`,
      ]
    : ['This site uses no advertising or analytics trackers.'];

  return [
    {
      title: 'Who We Are',
      paragraphs: [
        'This policy explains how the consultancy operating this website ("we", "us") handles personal data when you visit the site, contact us, buy a service or use the client portal. We decide why and how that data is used.',
      ],
    },
    {
      title: 'What We Collect',
      paragraphs: ['We collect only what you give us or what we need to run the service:'],
      items: [
        'Messages and requests: your name, e-mail address, company and the project details you write in the contact, consultation and purchase forms.',
        'Your account: your name, e-mail address and a securely hashed password, kept by our sign-in provider.',
        'Projects and payments: your projects, their status and the amounts paid. Cards are handled by our payment provider; we never see or store your full card number.',
        'Technical data: your IP address and request details in our server logs, used to keep the service secure and to limit abuse.',
      ],
    },
    {
      title: 'Why We Use It',
      paragraphs: [
        'We use your data to answer you, to prepare proposals, to deliver and bill the services you order, to run your account and to keep the site secure. Our legal bases are the contract with you (or the steps you ask for before one), our legitimate interest in a secure, working service, and your consent where we ask for it.',
      ],
    },
    {
      title: 'Cookies, Local Storage and Advertising',
      paragraphs: [
        'We keep two things in your browser: your sign-in session, while you are signed in, and your privacy choice. Neither is used for advertising.',
        ...advertising,
      ],
    },
    {
      title: 'Who We Share It With',
      paragraphs: [
        'We share personal data only with the providers that run parts of the service for us, under agreements that protect it: hosting, sign-in and database, card payments and e-mail delivery; and, only if you accept advertising measurement, Meta. We do not sell your data.',
      ],
    },
    {
      title: 'How Long We Keep It',
      paragraphs: [
        'Messages that do not lead to a project are deleted after two years. Account, project and payment records are kept while you are a client and afterwards for as long as tax and accounting law requires. Server logs are kept for a few weeks.',
      ],
    },
    {
      title: 'Your Rights',
      paragraphs: ['Depending on where you live, you may have the right to:'],
      items: [
        'see the personal data we hold about you and get a copy of it;',
        'have it corrected or deleted;',
        'object to or restrict how we use it;',
        'withdraw a consent at any time, without affecting what was done before;',
        'complain to your data protection authority.',
      ],
    },
    {
      title: 'Contact',
      paragraphs: [
        `To use your rights or ask about this policy, write to ${contactEmail}. We answer within one month.`,
      ],
    },
  ];
}
