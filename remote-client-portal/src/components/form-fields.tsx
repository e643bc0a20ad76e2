import type { ChangeEvent, Ref } from 'react';
import { Field, Input, NativeSelect, Textarea } from '@agency/ui/forms';

interface BaseProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
}

interface TextFieldProps extends BaseProps {
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
}

export function TextField({ name, label, value, error, required, disabled, helperText, onChange, inputRef, autoComplete }: TextFieldProps) {
  return (
    <Field.Root required={required} invalid={!!error} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        ref={inputRef}
        name={name}
        value={value}
        autoComplete={autoComplete}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface TextareaFieldProps extends BaseProps {
  onChange: (value: string) => void;
  placeholder?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  rows?: number;
}

export function TextareaField({ name, label, value, error, required, disabled, helperText, onChange, placeholder, textareaRef, rows = 4 }: TextareaFieldProps) {
  return (
    <Field.Root required={required} invalid={!!error} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        ref={textareaRef}
        name={name}
        rows={rows}
        resize="vertical"
        value={value}
        placeholder={placeholder}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
      />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface SelectFieldProps extends BaseProps {
  placeholder: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
}

export function SelectField({ name, label, value, error, required, disabled, placeholder, options, onChange, selectRef }: SelectFieldProps) {
  return (
    <Field.Root required={required} invalid={!!error} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field ref={selectRef} name={name} value={value} onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}>
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
