import type { Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { CardPaymentDialog } from '../../../components/card-payment-dialog';

const m = CLIENT_MESSAGES;

export interface UpdateCardDialogProps {
  project: Project;
  /** The open invoice's amount, when the payment history told it. */
  amountDue?: number | undefined;
  onClose: () => void;
  /** After the invoice is paid: close and show the project as it now is. */
  onDone: (project?: Project) => void;
}

/**
 * After a failed renewal: the saved card (offered first when there is one) or a new card pays the open invoice and
 * becomes the subscription's card (POST /api/projects/:id/pay-open-invoice). A declined card keeps the dialog open
 * with the reason.
 */
export function UpdateCardDialog({ project, amountDue, onClose, onDone }: UpdateCardDialogProps) {
  return (
    <CardPaymentDialog
      project={project}
      formId="update-card-form"
      texts={{
        title: m.updateCard.title,
        body: m.updateCard.body(project.title, amountDue),
        note: m.updateCard.note,
        confirm: m.updateCard.confirm(amountDue),
        sending: m.updateCard.sending,
      }}
      pay={(paymentMethodId) =>
        apiClient().payOpenInvoice({ params: { id: project.id }, body: { paymentMethodId } })
      }
      failureMessage={(failure) => apiErrorMessage(failure, m.errors.updateCard)}
      paidToast={m.toasts.invoicePaid(amountDue)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
