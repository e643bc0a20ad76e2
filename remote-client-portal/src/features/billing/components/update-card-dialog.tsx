import type { FormEvent } from 'react';
import type { Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useAuthStore } from '@agency/auth';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { usePortalCache } from '@agency/portal';
import { PaymentProvider } from '@agency/payments';
import { Button, Stack, Text, useOverlays } from '@agency/ui';
import { CardChoice, useCardSubmit } from '../../../components/card-entry';
import { paymentConfig } from '../../../lib/payment-config';
import { toastSuccess } from '../../../lib/toast';

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
export function UpdateCardDialog(props: UpdateCardDialogProps) {
  return (
    <PaymentProvider config={paymentConfig()}>
      <UpdateCardForm {...props} />
    </PaymentProvider>
  );
}

function UpdateCardForm({ project, amountDue, onClose, onDone }: UpdateCardDialogProps) {
  const portal = usePortalCache();
  const { DialogShell } = useOverlays();
  const user = useAuthStore((s) => s.user);
  const {
    entry: cardEntry,
    sending,
    submit,
    choice,
  } = useCardSubmit(
    () => ({
      name: user?.fullName || project.client_name,
      email: user?.email ?? project.client_email,
    }),
    { offerSavedCard: true },
  );

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // The dialog stays open with why, beside the card, to try another one.
    const answer = await submit(
      (paymentMethodId) =>
        portal.changeProject(project.id, () =>
          apiClient().payOpenInvoice({ params: { id: project.id }, body: { paymentMethodId } }),
        ),
      (failure) => apiErrorMessage(failure, m.errors.updateCard),
    );
    if (!answer) return;
    toastSuccess(m.toasts.invoicePaid(amountDue));
    onDone(answer.project);
  }

  return (
    <DialogShell
      title={m.updateCard.title}
      onClose={onClose}
      busy={sending}
      closeLabel={m.actions.close}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={sending}>
            {m.actions.back}
          </Button>
          <Button
            type="submit"
            form="update-card-form"
            colorPalette="brand"
            loading={sending}
            loadingText={m.updateCard.sending}
          >
            {m.updateCard.confirm(amountDue)}
          </Button>
        </>
      }
    >
      <form id="update-card-form" noValidate onSubmit={handleSubmit}>
        <Stack gap="4">
          <Text>{m.updateCard.body(project.title, amountDue)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {m.updateCard.note}
          </Text>
          <CardChoice entry={cardEntry} choice={choice} disabled={sending} />
        </Stack>
      </form>
    </DialogShell>
  );
}
