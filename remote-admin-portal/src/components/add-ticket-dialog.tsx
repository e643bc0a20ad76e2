import { useId, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_TICKET_ASSIGNEE, type BoardType, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, Stack, useOverlays } from '@agency/ui';
import { SubmitButton, TextareaField, TextField } from '@agency/ui/forms';
import { apiClient } from '@agency/auth/api';
import { usePortalStore } from '@agency/portal';
import { toastError, toastSuccess } from '../lib/toast';

const T = ADMIN_MESSAGES.ticket;

interface Props {
  project: Project;
  boardType: BoardType;
}

/** The Add Ticket button and its dialog: title required (non-blank); description and assignee optional. */
export function AddTicketButton({ project, boardType }: Props) {
  const { DialogShell } = useOverlays();
  const store = usePortalStore();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [assignee, setAssignee] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const label =
    boardType === 'maintenance'
      ? ADMIN_MESSAGES.actions.addMaintenanceTicket
      : ADMIN_MESSAGES.actions.addTicket;
  const dialogTitle = boardType === 'maintenance' ? T.maintenanceDialogTitle : T.dialogTitle;

  const reset = () => {
    setTitle('');
    setDescription('');
    setAssignee('');
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(T.titleRequired);
      titleRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      store.expectEcho(project.id);
      const { ticket } = await apiClient().createTicket({
        body: {
          project_id: project.id,
          title: title.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
          assignee: assignee.trim() || DEFAULT_TICKET_ASSIGNEE,
          board_type: boardType,
          status: 'not-started',
        },
      });
      store.putTicket(ticket);
      toastSuccess(ADMIN_MESSAGES.toasts.ticketCreated);
      reset();
      setOpen(false);
    } catch (err) {
      toastError(err, ADMIN_MESSAGES.errors.addTicket);
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    setOpen(false);
    reset();
  };

  return (
    <>
      <Button colorPalette="blue" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </Button>
      {open ? (
        <DialogShell
          onClose={close}
          title={dialogTitle}
          busy={saving}
          initialFocusRef={titleRef}
          footer={
            <>
              <Button variant="outline" onClick={close} disabled={saving}>
                {ADMIN_MESSAGES.actions.back}
              </Button>
              <SubmitButton form={formId} busy={saving} busyLabel={T.creating}>
                {T.create}
              </SubmitButton>
            </>
          }
        >
          <form id={formId} onSubmit={submit} noValidate aria-label={dialogTitle}>
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
      ) : null}
    </>
  );
}
