import type { FormEvent } from 'react';
import type { Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { useAuthStore } from '@agency/auth';
import { usePortalCache } from '@agency/portal';
import { PaymentProvider } from '@agency/payments';
import { Stack, Text, useOverlays } from '@agency/ui';
import { DialogActions } from '@agency/ui/forms';
import { paymentConfig } from '../lib/payment-config';
import { toastSuccess } from '../lib/toast';
import { CardChoice, useCardSubmit } from './card-entry';

const m = CLIENT_MESSAGES;

export interface CardPaymentDialogProps {
  project: Project;
  /** The form's id, which the footer's submit button names. */
  formId: string;
  texts: { title: string; body: string; note?: string; confirm: string; sending: string };
  /** The API call that pays with the card; answers the project as it now is. */
  pay: (paymentMethodId: string) => Promise<{ project: Project }>;
  /** What the dialog says, beside the card, when the payment fails. */
  failureMessage: (failure: unknown) => string;
  paidToast: Parameters<typeof toastSuccess>[0];
  onClose: () => void;
  /** After the payment: close and show the project as it now is. */
  onDone: (project?: Project) => void;
}

/**
 * One payment of a project by card: the saved card (offered first when there is one) or a card typed now. A
 * declined card keeps the dialog open with the reason, to try another one.
 */
export function CardPaymentDialog(props: CardPaymentDialogProps) {
  return (
    <PaymentProvider config={paymentConfig()}>
      <CardPaymentForm {...props} />
    </PaymentProvider>
  );
}

function CardPaymentForm({
  project,
  formId,
  texts,
  pay,
  failureMessage,
  paidToast,
  onClose,
  onDone,
}: CardPaymentDialogProps) {
  const portal = usePortalCache();
  const { DialogShell } = useOverlays();
  const user = useAuthStore((s) => s.user);
  const { entry, sending, submit, choice } = useCardSubmit(
    () => ({
      name: user?.fullName || project.client_name,
      email: user?.email ?? project.client_email,
    }),
    { offerSavedCard: true },
  );

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const answer = await submit(
      (paymentMethodId) => portal.changeProject(project.id, () => pay(paymentMethodId)),
      failureMessage,
    );
    if (!answer) return;
    toastSuccess(paidToast);
    onDone(answer.project);
  }

  return (
    <DialogShell
      title={texts.title}
      onClose={onClose}
      busy={sending}
      footer={
        <DialogActions
          form={formId}
          cancelLabel={m.actions.back}
          onCancel={onClose}
          busy={sending}
          busyLabel={texts.sending}
          submitLabel={texts.confirm}
        />
      }
    >
      <form id={formId} noValidate onSubmit={handleSubmit}>
        <Stack gap="4">
          <Text>{texts.body}</Text>
          {texts.note ? (
            <Text fontSize="sm" color="fg.muted">
              {texts.note}
            </Text>
          ) : null}
          <CardChoice entry={entry} choice={choice} disabled={sending} />
        </Stack>
      </form>
    </DialogShell>
  );
}
