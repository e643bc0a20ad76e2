import type { MoneyOperationRef, Payments, PenaltyQuote, ProjectMoneyView } from '../money/types';

type PaymentsMethod = keyof Payments;

export interface PaymentsCall {
  method: PaymentsMethod;
  projectId: string;
  argument?: string;
}

/** A Payments fake that records every call; a method can be told to throw or to answer differently. */
export class RecordingPayments implements Payments {
  calls: PaymentsCall[] = [];
  failures = new Map<PaymentsMethod, Error>();
  penalty: PenaltyQuote = { hasPenalty: false, penaltyAmount: 0, monthsRemaining: 0, subscriptionFee: 0 };

  reset(): void {
    this.calls = [];
    this.failures.clear();
    this.penalty = { hasPenalty: false, penaltyAmount: 0, monthsRemaining: 0, subscriptionFee: 0 };
  }

  private record(method: PaymentsMethod, projectId: string, argument?: string): void {
    this.calls.push({ method, projectId, ...(argument !== undefined ? { argument } : {}) });
    const failure = this.failures.get(method);
    if (failure) throw failure;
  }

  async refundDeposit(project: ProjectMoneyView, reason: string, _op: MoneyOperationRef) {
    this.record('refundDeposit', project.id, reason);
    return {
      refundId: `re_${project.id}`,
      paymentIntentId: project.stripePaymentIntentId ?? '',
      amountCents: (project.downpayment ?? 0) * 100,
    };
  }

  async refundPayment(paymentIntentId: string, reason: string, op: MoneyOperationRef) {
    this.record('refundPayment', op.key.split(':')[0]!, reason);
    return { refundId: `re_${paymentIntentId}`, paymentIntentId, amountCents: 0 };
  }

  async chargeFinalPayment(project: ProjectMoneyView, paymentMethodId: string, _op: MoneyOperationRef) {
    this.record('chargeFinalPayment', project.id, paymentMethodId);
    return {
      paymentIntentId: `pi_final_${project.id}`,
      customerId: null,
      amountCents: (project.finalPaymentAmount ?? 0) * 100,
      cardLast4: '4242',
    };
  }

  async chargePenalty(
    project: ProjectMoneyView,
    paymentMethodId: string,
    quote: PenaltyQuote,
    _op: MoneyOperationRef,
  ) {
    this.record('chargePenalty', project.id, paymentMethodId);
    return {
      paymentIntentId: `pi_penalty_${project.id}`,
      customerId: null,
      amountCents: Math.round(quote.penaltyAmount * 100),
      cardLast4: '4242',
    };
  }

  async startSubscription(project: ProjectMoneyView, paymentMethodId: string, _op: MoneyOperationRef) {
    this.record('startSubscription', project.id, paymentMethodId);
    const now = new Date();
    return {
      subscriptionId: `sub_${project.id}`,
      customerId: `cus_${project.id}`,
      priceId: `price_tier_${project.tier}_monthly`,
      startDate: now.toISOString(),
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      testClockId: null,
      firstInvoice: null,
    };
  }

  async payOpenInvoice(project: ProjectMoneyView, paymentMethodId: string, _op: MoneyOperationRef) {
    this.record('payOpenInvoice', project.id, paymentMethodId);
    return {
      invoiceId: `in_${project.id}`,
      paymentIntentId: null,
      amountCents: 0,
      paidAt: new Date().toISOString(),
      cardLast4: '4242',
      subscriptionId: `sub_${project.id}`,
    };
  }

  async cancelSubscription(project: ProjectMoneyView, _op: MoneyOperationRef) {
    this.record('cancelSubscription', project.id);
    return { cancelled: [] };
  }

  async quotePenalty(project: ProjectMoneyView) {
    this.record('quotePenalty', project.id);
    return this.penalty;
  }

  async reverse(op: MoneyOperationRef) {
    this.record('reverse', op.key.split(':')[0]!);
    return { reversals: [], charges: [] };
  }
}
