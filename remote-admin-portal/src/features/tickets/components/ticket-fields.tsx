import { useRef, useState } from 'react';
import { DEFAULT_TICKET_ASSIGNEE } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Stack } from '@agency/ui';
import { TextareaField, TextField } from '@agency/ui/forms';

const T = ADMIN_MESSAGES.ticket;

export interface TicketValues {
  title: string;
  description: string;
  assignee: string;
}

/** A ticket's form state (Add Ticket, Edit Ticket): the title is required and says so at the field. */
export function useTicketForm(initial: TicketValues) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string>();
  const titleRef = useRef<HTMLInputElement>(null);
  return {
    values,
    error,
    titleRef,
    set: (name: keyof TicketValues, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      if (name === 'title' && value.trim()) setError(undefined);
    },
    /** Whether the form may be sent; if not, the title says why and has the focus. */
    check: () => {
      if (values.title.trim()) return true;
      setError(T.titleRequired);
      titleRef.current?.focus();
      return false;
    },
    reset: () => {
      setValues(initial);
      setError(undefined);
    },
  };
}

export type TicketForm = ReturnType<typeof useTicketForm>;

/** Title (required), description and assignee (the default named when left empty). */
export function TicketFields({ form }: { form: TicketForm }) {
  const { values, error, titleRef, set } = form;
  return (
    <Stack gap="4">
      <TextField
        name="title"
        label={T.title}
        required
        value={values.title}
        maxLength={200}
        error={error}
        fieldRef={titleRef}
        onChange={(e) => set('title', e.target.value)}
      />
      <TextareaField
        name="description"
        label={T.description}
        rows={3}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <TextField
        name="assignee"
        label={T.assignee}
        value={values.assignee}
        maxLength={200}
        placeholder={DEFAULT_TICKET_ASSIGNEE}
        helperText={T.assigneeHelp(DEFAULT_TICKET_ASSIGNEE)}
        onChange={(e) => set('assignee', e.target.value)}
      />
    </Stack>
  );
}
