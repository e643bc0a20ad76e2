import type { Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { hasFailedRenewal } from '@agency/domain/payment-history';
import { Field, NativeSelect } from '@agency/ui/forms';

interface Props {
  projects: readonly Project[];
  value: string;
  onChange: (projectId: string) => void;
}

/** Picks the project whose board is shown. */
export function ProjectPicker({ projects, value, onChange }: Props) {
  return (
    <Field.Root maxW={{ base: 'full', md: 'md' }}>
      <Field.Label>{ADMIN_MESSAGES.selectProject}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {ADMIN_MESSAGES.payments.pickerOption(p.title, hasFailedRenewal(p))}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
