import type { PenaltyQuoteResponse, Project } from '@agency/domain';

/** The one dialog open on the client dashboard, if any. */
export type DashboardDialog =
  | { kind: 'approve' | 'refuse' | 'cancel' | 'cancelPending' | 'finalPayment'; project: Project }
  | { kind: 'penalty'; project: Project; quote: PenaltyQuoteResponse }
  | { kind: 'payments'; project: Project }
  | { kind: 'updateCard'; project: Project; amountDue: number | undefined }
  | { kind: 'profile' }
  | { kind: 'request' };

export interface DialogProps {
  onClose: () => void;
  /**
   * After a successful action: close, and show the project as the server now has it (its card updates in place
   * and moves tab); without one, the lists are read again.
   */
  onDone: (project?: Project) => void;
}
