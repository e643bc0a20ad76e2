// The Terms of Service text (marketing content). Every price, rate and period comes from @agency/domain,
// so the terms cannot drift from what the site charges.
import {
  EARLY_CANCELLATION_PENALTY_RATE,
  TIER4_MINIMUM_TERM_MONTHS,
  earlyCancellationPenalty,
  formatUsd,
} from '@agency/domain/money';
import { DOWNPAYMENT_RATE, findTier, type ServiceTier } from '@agency/domain/tiers';
import type { LegalSection } from '../../components/legal-sections';

const tier = (id: 1 | 2 | 3 | 4): ServiceTier => findTier(id)!;
const basic = tier(1);
const standard = tier(2);
const seniorEngineer = tier(3);
const cto = tier(4);

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const deposit = percent(DOWNPAYMENT_RATE);
const remainder = percent(1 - DOWNPAYMENT_RATE);
const penaltyRate = percent(EARLY_CANCELLATION_PENALTY_RATE);
const exampleFee = cto.defaultMonthlyDollars!;
const exampleMonthsLeft = TIER4_MINIMUM_TERM_MONTHS - 1;
const fixedPrice = (t: ServiceTier) =>
  `${t.name} (${formatUsd(t.costDollars!)}, deposit ${formatUsd(t.downpaymentDollars!)})`;

/** Builds the 14 sections; `contactEmail` comes from the runtime configuration. */
export function termsSections(contactEmail: string): LegalSection[] {
  return [
    {
      title: 'Acceptance of These Terms',
      paragraphs: [
        'These Terms of Service ("Terms") govern the services that we, the consultancy operating this website ("we", "us"), provide to you, the client ("you"). By buying a service, requesting a consultation or subscription, or using the client portal, you agree to these Terms.',
        'If you accept these Terms on behalf of a company or other organisation, you confirm that you have authority to bind it. A written proposal or statement of work that we both accept forms part of these Terms; where it conflicts with these Terms, the proposal prevails for that project.',
      ],
    },
    {
      title: 'Our Services',
      paragraphs: ['We offer four service tiers:'],
      items: [
        `${basic.name}: a fixed-price project of ${formatUsd(basic.costDollars!)}, limited to 5 pages, with ${basic.supportPeriod} of support after delivery.`,
        `${standard.name}: a fixed-price project of ${formatUsd(standard.costDollars!)}, with ${standard.supportPeriod} of support after delivery.`,
        `${seniorEngineer.name}: an ongoing engagement billed as a monthly subscription at a price agreed in your proposal.`,
        `${cto.name}: ongoing technical leadership billed as a monthly subscription at a price agreed in your proposal, with a minimum term of ${TIER4_MINIMUM_TERM_MONTHS} months.`,
      ],
    },
    {
      title: 'Scope, Deliverables and Support',
      paragraphs: [
        `The scope of each project is the tier's published features plus the description you give when ordering, as confirmed by us when we accept the project. ${basic.name} projects are limited to 5 pages; additional pages or features are outside the fixed price.`,
        `Support covers fixing defects in what we delivered and answering questions about it, for ${basic.supportPeriod} (${basic.name}) or ${standard.supportPeriod} (${standard.name}) from delivery. New features, redesigns and changes of scope are not support; we will quote them separately and start them only with your written approval.`,
      ],
    },
    {
      title: 'Fixed-Price Projects: Deposit and Final Payment',
      paragraphs: [
        `${basic.name} and ${standard.name} require a ${deposit} deposit, paid by card when you order: ${fixedPrice(basic)} and ${fixedPrice(standard)}.`,
        `The remaining ${remainder} is due after we accept your project; we request it when the work is complete, and it must be paid before the final deliverables are handed over. All prices are in US dollars (USD) and exclude any taxes that apply to you.`,
        'Card payments are processed by our payment provider; we never see or store your full card number.',
      ],
    },
    {
      title: 'Refunds',
      paragraphs: [
        'We review every order before work begins. If we do not accept your project, we refund your deposit in full to the card you paid with.',
        'Once a project has been accepted and work has started, payments are not refundable except where these Terms or the law say otherwise, or where we cancel a project and choose to refund you. Refunds normally reach your card within 5 to 10 business days, depending on your bank.',
      ],
    },
    {
      title: 'Monthly Subscriptions',
      paragraphs: [
        `${seniorEngineer.name} and ${cto.name} are provided as monthly subscriptions. The monthly fee, hours and responsibilities are set out in the proposal that follows your consultation, and the subscription starts when you approve that proposal and provide a payment method.`,
        `Subscriptions are billed monthly in advance and renew each month until cancelled. You may cancel a ${seniorEngineer.name} subscription at any time; it ends at the close of the current billing period and fees already paid are not refunded.`,
      ],
    },
    {
      title: 'Minimum Term and Early Cancellation',
      paragraphs: [
        `${cto.name} subscriptions have a minimum term of ${TIER4_MINIMUM_TERM_MONTHS} months from the start of the subscription. If you cancel before the minimum term ends, an early-cancellation fee is due: ${penaltyRate} of the monthly fee for each month of the minimum term that remains, counting a month that has started as a whole month.`,
        `For example, if a subscription of ${formatUsd(exampleFee)} per month is cancelled during its second month, ${exampleMonthsLeft} months remain and the fee is ${penaltyRate} × ${exampleMonthsLeft} × ${formatUsd(exampleFee)} = ${formatUsd(earlyCancellationPenalty(exampleMonthsLeft, exampleFee))}. No fee is due once the minimum term has passed.`,
      ],
    },
    {
      title: 'Your Responsibilities',
      paragraphs: [
        'You agree to give us accurate information, timely feedback and the content, accounts and access we need. Delays in providing them may move the timeline. You are responsible for the content you supply, and you confirm you have the right to use it.',
        'You are responsible for third-party services you choose (hosting, domains, app stores, payment or e-mail providers) and their fees, unless your proposal says otherwise.',
      ],
    },
    {
      title: 'Intellectual Property',
      paragraphs: [
        'When you have paid in full for a project (or for a subscription period), ownership of the code, designs and documents we created specifically for you in it transfers to you. Until then, we grant you a licence to review and test the work only.',
        'We keep ownership of our pre-existing tools, libraries and know-how, and grant you a perpetual, royalty-free licence to use any of them that are part of your deliverables. Open-source components remain under their own licences.',
      ],
    },
    {
      title: 'Confidentiality',
      paragraphs: [
        'Each of us will keep confidential the non-public information the other shares, use it only for the project, and protect it with reasonable care. This does not apply to information that is public, already known, independently developed or that must be disclosed by law.',
        'These obligations continue for three years after the end of our engagement, and indefinitely for trade secrets and personal data.',
      ],
    },
    {
      title: 'Warranties and Disclaimers',
      paragraphs: [
        'We will perform the services with reasonable skill and care, in line with generally accepted industry practice, and the deliverables will materially match the agreed scope when delivered. If they do not, tell us during the support period and we will fix the defect at no extra cost.',
        'Apart from this, the services and deliverables are provided "as is". We do not promise that software will be error-free or uninterrupted, or that it will achieve particular business results.',
      ],
    },
    {
      title: 'Limitation of Liability',
      paragraphs: [
        'To the extent the law allows, neither of us is liable for indirect or consequential losses, such as lost profits, revenue, data or goodwill. Our total liability arising from a project or subscription is limited to the fees you paid us for it in the twelve months before the claim.',
        'Nothing in these Terms limits liability that cannot be limited by law, such as for fraud, gross negligence or wilful misconduct.',
      ],
    },
    {
      title: 'Termination',
      paragraphs: [
        'You may cancel a project or subscription from your dashboard or by writing to us; the payment, refund and early-cancellation rules above apply. Either of us may end an engagement if the other materially breaches these Terms and does not remedy the breach within 14 days of written notice.',
        'On termination you pay for work performed up to that date, we hand over the work you have paid for, and the sections on intellectual property, confidentiality, liability and governing law continue to apply.',
      ],
    },
    {
      title: 'Governing Law, Changes and Contact',
      paragraphs: [
        'These Terms are governed by the laws of the place where the consultancy has its principal place of business, without regard to conflict-of-law rules, and its courts have jurisdiction over any dispute that we cannot settle in good faith first.',
        'We may update these Terms from time to time. The version and date at the top of this page show which edition applies; changes do not affect projects or subscription periods already paid for.',
        `Questions about these Terms? Write to us at ${contactEmail}.`,
      ],
    },
  ];
}
