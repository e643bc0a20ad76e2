import { useId, type FormEvent } from 'react';
import { DEFAULT_TICKET_ASSIGNEE, type Ticket, type UpdateTicketRequest } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Text, useOverlays } from '@agency/ui';
import { DialogActions } from '@agency/ui/forms';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TicketFields, useTicketForm } from './ticket-fields';

const T = ADMIN_MESSAGES.ticket;

interface EditProps {
  ticket: Ticket;
  busy: boolean;
  onClose: () => void;
  onSave: (changes: UpdateTicketRequest) => void | Promise<void>;
}

/** Edit Ticket: title (required), description and assignee; only what changed is sent. */
export function EditTicketDialog({ ticket, busy, onClose, onSave }: EditProps) {
  const { DialogShell } = useOverlays();
  const formId = useId();
  const form = useTicketForm({
    title: ticket.title,
    description: ticket.description ?? '',
    assignee: ticket.assignee ?? '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    const { title, description, assignee } = form.values;
    const changes: UpdateTicketRequest = {};
    if (title.trim() !== ticket.title) changes.title = title.trim();
    if ((description.trim() || null) !== (ticket.description ?? null))
      changes.description = description.trim() || null;
    if ((assignee.trim() || DEFAULT_TICKET_ASSIGNEE) !== (ticket.assignee ?? DEFAULT_TICKET_ASSIGNEE))
      changes.assignee = assignee.trim() || null;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    void onSave(changes);
  };

  return (
    <DialogShell
      title={T.editTitle}
      onClose={onClose}
      busy={busy}
      initialFocusRef={form.titleRef}
      footer={
        <DialogActions
          form={formId}
          cancelLabel={ADMIN_MESSAGES.actions.back}
          onCancel={onClose}
          busy={busy}
          busyLabel={T.saving}
          submitLabel={T.save}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label={T.editTitle}>
        <TicketFields form={form} />
      </form>
    </DialogShell>
  );
}

interface DeleteProps {
  ticket: Ticket;
  projectTitle: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void | Promise<void>;
}

/** Delete Ticket asks first; the safe choice has the focus. */
export function DeleteTicketDialog({ ticket, projectTitle, busy, onClose, onConfirm }: DeleteProps) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={T.deleteTitle}
      confirmLabel={T.deleteConfirm}
      busyLabel={T.deleting}
      busy={busy}
      onConfirm={() => void onConfirm()}
    >
      <Text>{T.deleteBody(ticket.title)}</Text>
      <Text fontSize="sm" color="fg.muted">
        {projectTitle}
      </Text>
    </ConfirmDialog>
  );
}
