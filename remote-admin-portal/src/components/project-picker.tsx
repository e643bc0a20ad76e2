import { useId } from 'react';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Field, NativeSelect } from '@agency/ui/forms';
import { useProjects } from '@agency/portal';
import { pickerLabel } from '../lib/format';

interface Props {
  ids: readonly string[];
  value: string;
  onChange: (projectId: string) => void;
}

/** Picks the project whose board is shown, among the projects of the current page. */
export function ProjectPicker({ ids, value, onChange }: Props) {
  const id = useId();
  const projects = useProjects(ids);
  return (
    <Field.Root maxW={{ base: 'full', md: 'xl' }}>
      <Field.Label htmlFor={id}>{ADMIN_MESSAGES.selectProject}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {projects.map((p) =>
            p ? (
              <option key={p.id} value={p.id}>
                {pickerLabel(p)}
              </option>
            ) : null,
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
