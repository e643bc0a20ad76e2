import type { ChangeEvent, FocusEvent } from 'react';
import { Link, Text } from '@agency/ui';
import { Checkbox, Field, Input, NativeSelect, Textarea } from '@agency/ui/forms';

/** What every field needs from the form: its value, its error once touched, and the change and blur handlers. */
export interface FieldBinding {
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

interface TextFieldProps extends FieldBinding {
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'date' | 'time';
  autoComplete?: string;
  readOnly?: boolean;
  min?: string;
  helperText?: string;
}

export function TextField({ label, required, error, readOnly, helperText, ...input }: TextFieldProps) {
  return (
    <Field.Root required={required} invalid={!!error} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...input} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface TextareaFieldProps extends FieldBinding {
  label: string;
  required?: boolean;
  readOnly?: boolean;
  placeholder?: string;
}

export function TextareaField({ label, required, error, readOnly, ...input }: TextareaFieldProps) {
  return (
    <Field.Root required={required} invalid={!!error} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea rows={5} resize="vertical" {...input} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface SelectFieldProps extends FieldBinding {
  label: string;
  placeholder: string;
  required?: boolean;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, placeholder, required, options, error, ...select }: SelectFieldProps) {
  return (
    <Field.Root required={required} invalid={!!error}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...select}>
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface TermsCheckboxProps {
  name: string;
  checked: boolean;
  error?: string | undefined;
  readOnly?: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/** The terms acceptance; the Terms of Service open in a new tab so the form keeps what was typed. */
export function TermsCheckbox({
  name,
  checked,
  error,
  readOnly,
  onCheckedChange,
  onBlur,
}: TermsCheckboxProps) {
  return (
    <Field.Root invalid={!!error}>
      <Checkbox.Root
        checked={checked}
        readOnly={readOnly}
        invalid={!!error}
        onCheckedChange={(details) => onCheckedChange(details.checked === true)}
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput name={name} onBlur={onBlur} />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">
          I agree to the{' '}
          <Link
            href="/terms-of-service"
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            textDecoration="underline"
          >
            Terms of Service
            <VisuallyHiddenNewTab />
          </Link>
        </Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function VisuallyHiddenNewTab() {
  return (
    <Text as="span" srOnly>
      {' '}
      (opens in a new tab)
    </Text>
  );
}
