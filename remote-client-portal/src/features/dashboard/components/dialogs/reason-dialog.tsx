import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { Stack, Text, useOverlays } from '@agency/ui';
import { DialogActions, TextareaField } from '@agency/ui/forms';

interface ReasonDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  sendingLabel: string;
  onClose: () => void;
  /** Sends the cancellation with the trimmed reason; resolves when done (it shows its own toasts). */
  submit: (reason: string) => Promise<void>;
  /** Extra content above the reason (the penalty quote) and below it (the card). */
  before?: ReactNode;
  after?: ReactNode;
  /** Extra check before sending (a complete card); returns an error text or nothing. */
  precheck?: () => string | undefined;
  busy?: boolean;
}

/** A cancellation: a non-blank reason is required (spec section 5). */
export function ReasonDialog({
  title,
  body,
  confirmLabel,
  sendingLabel,
  onClose,
  submit,
  before,
  after,
  precheck,
  busy: externalBusy = false,
}: ReasonDialogProps) {
  const { DialogShell } = useOverlays();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const busy = sending || externalBusy;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(CLIENT_MESSAGES.reasonRequired);
      reasonRef.current?.focus();
      return;
    }
    setError(undefined);
    if (precheck?.()) return;
    setSending(true);
    try {
      await submit(trimmed);
    } finally {
      setSending(false);
    }
  }

  return (
    <DialogShell
      title={title}
      onClose={onClose}
      busy={busy}
      initialFocusRef={reasonRef}
      footer={
        <DialogActions
          form="reason-form"
          cancelLabel={CLIENT_MESSAGES.actions.keep}
          onCancel={onClose}
          busy={busy}
          busyLabel={sendingLabel}
          submitLabel={confirmLabel}
          colorPalette="red"
        />
      }
    >
      <form id="reason-form" noValidate onSubmit={handleSubmit}>
        <Stack gap="4">
          <Text>{body}</Text>
          {before}
          <TextareaField
            name="cancellationReason"
            label={CLIENT_MESSAGES.cancel.reason}
            placeholder={CLIENT_MESSAGES.cancel.reasonPlaceholder}
            required
            disabled={busy}
            value={reason}
            error={error}
            fieldRef={reasonRef}
            onChange={(event) => {
              const { value } = event.target;
              setReason(value);
              if (error && value.trim()) setError(undefined);
            }}
          />
          {after}
        </Stack>
      </form>
    </DialogShell>
  );
}
