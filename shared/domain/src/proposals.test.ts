import {
  penaltyExample,
  proposalPrice,
  proposalSections,
  proposalText,
  scopeBlocks,
  signatureProblem,
  PROPOSAL_MESSAGES,
  type ProposalDocument,
} from './proposals';

const doc = (price: ProposalDocument['price']): ProposalDocument => ({
  projectId: 'p1',
  version: 2,
  title: 'Studio booking app',
  tierName: 'Fractional CTO',
  client: { name: 'Ada Lovelace', email: 'ada@example.test', company: null },
  scope: 'Lead the rebuild.\n\n- Architecture\n- Hiring',
  deliverables: ['Roadmap'],
  price,
  terms: { version: '1.0', date: 'June 15, 2025', path: '/terms-of-service' },
  validUntil: '2026-12-31',
  issuedAt: '2026-11-27T10:00:00.000Z',
});

describe('proposals', () => {
  it('reads the scope into paragraphs and lists, never markup', () => {
    expect(scopeBlocks('Intro line one\nline two\n\n- a\n* b\nAfter <b>x</b>')).toEqual([
      { kind: 'paragraph', text: 'Intro line one line two' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'After <b>x</b>' },
    ]);
  });

  it('states a subscription with its minimum term and a worked penalty example in dollars', () => {
    const text = proposalText(
      doc({ kind: 'subscription', monthlyFee: 12000, minimumTermMonths: 3, penaltyRate: 0.6 }),
    );
    expect(text).toContain('Monthly fee: $12,000/month');
    expect(text).toContain('Minimum term: 3 months');
    expect(text).toContain('First billing date: The day you sign, then monthly on that day');
    expect(text).toContain('60% × 2 months × $12,000 = $14,400');
    expect(text).toContain('Terms of Service, version 1.0 dated June 15, 2025');
    expect(text).toContain('Valid until: December 31, 2026');
    expect(penaltyExample(25000)).toContain('= $30,000');
  });

  it('states a fixed price: total, the deposit paid or due, the remainder', () => {
    const paid = proposalPrice({ tier: 2, cost: 1400, downpayment: 700, stripe_payment_intent_id: 'pi_1' });
    expect(paid).toEqual({ kind: 'fixed', total: 1400, deposit: 700, depositPaid: true, remaining: 700 });
    expect(proposalSections(doc(paid!))[3]!.blocks[0]).toEqual({
      kind: 'facts',
      rows: [
        ['Total (fixed price)', '$1,400'],
        ['50% deposit (paid)', '$700'],
        ['Remaining 50%', '$700, due when the project is completed'],
      ],
    });
  });

  it('has no price for a subscription whose fee was not set: no tier default', () => {
    expect(
      proposalPrice({ tier: 4, cost: null, downpayment: null, stripe_payment_intent_id: null }),
    ).toBeNull();
    expect(proposalPrice({ tier: 3, cost: 8000, downpayment: null, stripe_payment_intent_id: null })).toEqual(
      {
        kind: 'subscription',
        monthlyFee: 8000,
        minimumTermMonths: null,
        penaltyRate: null,
      },
    );
  });

  it('a signature needs the box ticked and a typed name', () => {
    expect(signatureProblem({})).toEqual({ field: 'agreed', message: PROPOSAL_MESSAGES.agreeRequired });
    expect(signatureProblem({ agreed: true, signedName: '  ' })).toEqual({
      field: 'signedName',
      message: PROPOSAL_MESSAGES.nameRequired,
    });
    expect(signatureProblem({ agreed: true, signedName: 'Ada Lovelace' })).toBeNull();
  });
});
