import type { Payments, PenaltyQuote, ProjectMoneyView } from '../features/payments/types';

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

  private record(method: PaymentsMethod, project: ProjectMoneyView, argument?: string): void {
    this.calls.push({ method, projectId: project.id, ...(argument !== undefined ? { argument } : {}) });
    const failure = this.failures.get(method);
    if (failure) throw failure;
  }

  async refundDeposit(project: ProjectMoneyView, reason: string) {
    this.record('refundDeposit', project, reason);
    return { refundId: `re_${project.id}`, amount: project.downpayment ?? 0 };
  }

  async chargeFinalPayment(project: ProjectMoneyView, paymentMethodId: string) {
    this.record('chargeFinalPayment', project, paymentMethodId);
    return { paymentIntentId: `pi_final_${project.id}`, amount: project.finalPaymentAmount ?? 0 };
  }

  async startSubscription(project: ProjectMoneyView, paymentMethodId: string) {
    this.record('startSubscription', project, paymentMethodId);
    return { subscriptionId: `sub_${project.id}`, currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) };
  }

  async cancelSubscription(project: ProjectMoneyView) {
    this.record('cancelSubscription', project);
  }

  async quotePenalty(project: ProjectMoneyView) {
    this.record('quotePenalty', project);
    return this.penalty;
  }

  async verifyPenaltyPayment(project: ProjectMoneyView, paymentIntentId: string) {
    this.record('verifyPenaltyPayment', project, paymentIntentId);
  }
}
