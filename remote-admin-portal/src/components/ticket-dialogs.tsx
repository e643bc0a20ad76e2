import { useId, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_TICKET_ASSIGNEE, type Ticket, type UpdateTicketRequest } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, Stack, Text, useOverlays } from '@agency/ui';
import { SubmitButton, TextareaField, TextField } from '@agency/ui/forms';
import { ConfirmDialog } from './confirm-dialog';

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
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(ticket.title);
  const [description, setDescription] = useState(ticket.description ?? '');
  const [assignee, setAssignee] = useState(ticket.assignee ?? '');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(T.titleRequired);
      titleRef.current?.focus();
      return;
    }
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
      initialFocusRef={titleRef}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {ADMIN_MESSAGES.actions.back}
          </Button>
          <SubmitButton form={formId} busy={busy} busyLabel={T.saving}>
            {T.save}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label={T.editTitle}>
        <Stack gap="4">
          <TextField
            name="title"
            label={T.title}
            required
            value={title}
            maxLength={200}
            error={error}
            fieldRef={titleRef}
            onChange={(e) => {
              setTitle(e.target.value);
              if (error && e.target.value.trim()) setError(undefined);
            }}
          />
          <TextareaField
            name="description"
            label={T.description}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <TextField
            name="assignee"
            label={T.assignee}
            value={assignee}
            maxLength={200}
            placeholder={DEFAULT_TICKET_ASSIGNEE}
            helperText={T.assigneeHelp(DEFAULT_TICKET_ASSIGNEE)}
            onChange={(e) => setAssignee(e.target.value)}
          />
        </Stack>
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
