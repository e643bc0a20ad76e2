import type { ChangeEvent, FocusEvent, Ref } from 'react';
import { Field, Input, NativeSelect, Textarea } from './form-controls';

// Labelled fields with the required mark, helper and error text, for formik (handleChange/handleBlur) or
// plain state alike: onChange and onBlur receive the native events.
interface BaseFieldProps<E extends HTMLElement> {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  helperText?: string;
  placeholder?: string;
  /** Marks the field invalid when the form shows its message elsewhere (one alert for the whole form). */
  invalid?: boolean;
  'aria-describedby'?: string;
  onChange: (event: ChangeEvent<E>) => void;
  onBlur?: (event: FocusEvent<E>) => void;
  fieldRef?: Ref<E>;
}

function FieldFrame({
  label,
  error,
  required,
  disabled,
  readOnly,
  helperText,
  children,
  invalid,
}: Pick<
  BaseFieldProps<HTMLElement>,
  'label' | 'error' | 'required' | 'disabled' | 'readOnly' | 'helperText' | 'invalid'
> & {
  children: React.ReactNode;
}) {
  return (
    <Field.Root required={required} invalid={invalid ?? !!error} disabled={disabled} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export interface TextFieldProps extends BaseFieldProps<HTMLInputElement> {
  type?: 'text' | 'email' | 'date' | 'time' | 'password';
  autoComplete?: string;
  min?: string;
  maxLength?: number;
}

export function TextField({
  label,
  error,
  required,
  disabled,
  readOnly,
  helperText,
  invalid,
  fieldRef,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame {...{ label, error, required, disabled, readOnly, helperText, invalid }}>
      <Input ref={fieldRef} {...input} />
    </FieldFrame>
  );
}

export interface TextareaFieldProps extends BaseFieldProps<HTMLTextAreaElement> {
  rows?: number;
}

export function TextareaField({
  label,
  error,
  required,
  disabled,
  readOnly,
  helperText,
  invalid,
  fieldRef,
  rows = 5,
  ...textarea
}: TextareaFieldProps) {
  return (
    <FieldFrame {...{ label, error, required, disabled, readOnly, helperText, invalid }}>
      <Textarea ref={fieldRef} rows={rows} resize="vertical" {...textarea} />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends BaseFieldProps<HTMLSelectElement> {
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({
  label,
  error,
  required,
  disabled,
  readOnly,
  helperText,
  invalid,
  fieldRef,
  placeholder,
  options,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame {...{ label, error, required, disabled, readOnly, helperText, invalid }}>
      <NativeSelect.Root>
        <NativeSelect.Field ref={fieldRef} {...select}>
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
    </FieldFrame>
  );
}
