import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_TICKET_ASSIGNEE, type BoardType, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, useOverlays } from '@agency/ui';
import { DialogActions } from '@agency/ui/forms';
import { apiClient } from '@agency/auth/api';
import { usePortalCache } from '@agency/portal';
import { toastError, toastSuccess } from '../../../lib/toast';
import { TicketFields, useTicketForm } from './ticket-fields';

const T = ADMIN_MESSAGES.ticket;

interface Props {
  project: Project;
  boardType: BoardType;
}

/** The Add Ticket button and its dialog: title required (non-blank); description and assignee optional. */
export function AddTicketButton({ project, boardType }: Props) {
  const { DialogShell } = useOverlays();
  const portal = usePortalCache();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const form = useTicketForm({ title: '', description: '', assignee: '' });
  const [saving, setSaving] = useState(false);
  const label =
    boardType === 'maintenance'
      ? ADMIN_MESSAGES.actions.addMaintenanceTicket
      : ADMIN_MESSAGES.actions.addTicket;
  const dialogTitle = boardType === 'maintenance' ? T.maintenanceDialogTitle : T.dialogTitle;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    const { title, description, assignee } = form.values;
    setSaving(true);
    try {
      const { ticket } = await portal.changeProject(project.id, () =>
        apiClient().createTicket({
          body: {
            project_id: project.id,
            title: title.trim(),
            ...(description.trim() ? { description: description.trim() } : {}),
            assignee: assignee.trim() || DEFAULT_TICKET_ASSIGNEE,
            board_type: boardType,
            status: 'not-started',
          },
        }),
      );
      portal.putTicket(ticket);
      toastSuccess(ADMIN_MESSAGES.toasts.ticketCreated);
      form.reset();
      setOpen(false);
    } catch (err) {
      toastError(err, ADMIN_MESSAGES.errors.addTicket);
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    setOpen(false);
    form.reset();
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
          initialFocusRef={form.titleRef}
          footer={
            <DialogActions
              form={formId}
              cancelLabel={ADMIN_MESSAGES.actions.back}
              onCancel={close}
              busy={saving}
              busyLabel={T.creating}
              submitLabel={T.create}
            />
          }
        >
          <form id={formId} onSubmit={submit} noValidate aria-label={dialogTitle}>
            <TicketFields form={form} />
          </form>
        </DialogShell>
      ) : null}
    </>
  );
}
