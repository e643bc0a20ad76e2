import type { ChangeEvent, FocusEvent } from 'react';
import { SimpleGrid } from '@agency/ui';
import { TextareaField, TextField } from '@agency/ui/forms';

type CustomerField = 'firstName' | 'lastName' | 'email' | 'company' | 'projectDescription';

/** What a customer field needs from the form (formik's value, touched error and handlers). */
export interface CustomerFieldBinding {
  name: string;
  value: string;
  error?: string | undefined;
  readOnly?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/** The customer part shared by the purchase and consultation forms: name, e-mail, company, description. */
export function CustomerFields({
  bind,
  companyLabel,
  descriptionPlaceholder,
}: {
  bind: (name: CustomerField) => CustomerFieldBinding;
  companyLabel: string;
  descriptionPlaceholder: string;
}) {
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="First Name" required autoComplete="given-name" {...bind('firstName')} />
        <TextField label="Last Name" required autoComplete="family-name" {...bind('lastName')} />
      </SimpleGrid>
      <TextField label="Email" type="email" required autoComplete="email" {...bind('email')} />
      <TextField label={companyLabel} autoComplete="organization" {...bind('company')} />
      <TextareaField
        label="Project Description"
        required
        placeholder={descriptionPlaceholder}
        {...bind('projectDescription')}
      />
    </>
  );
}
