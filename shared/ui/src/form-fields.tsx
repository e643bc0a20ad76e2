import type { ChangeEvent, FocusEvent, Ref } from 'react';
import { Field, Input, NativeSelect, Textarea } from './form-controls';
import { useHydrated } from './use-hydrated';

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

type FrameProps = Pick<
  BaseFieldProps<HTMLElement>,
  'label' | 'error' | 'required' | 'disabled' | 'readOnly' | 'helperText' | 'invalid'
>;

/** Splits a field's props into its frame's (label, states, messages), its ref and the control's own. */
function splitFieldProps<P extends FrameProps & { fieldRef?: unknown }>(
  props: P,
): { frame: FrameProps; fieldRef: P['fieldRef']; control: Omit<P, keyof FrameProps | 'fieldRef'> } {
  const { label, error, required, disabled, readOnly, helperText, invalid, fieldRef, ...control } = props;
  return { frame: { label, error, required, disabled, readOnly, helperText, invalid }, fieldRef, control };
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
}: FrameProps & { children: React.ReactNode }) {
  // A form the server rendered takes input once it is hydrated: typed earlier, it would not reach its state.
  const hydrated = useHydrated();
  return (
    <Field.Root
      required={required}
      invalid={invalid ?? !!error}
      disabled={disabled}
      readOnly={readOnly || !hydrated}
    >
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

export function TextField(props: TextFieldProps) {
  const { frame, fieldRef, control } = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <Input ref={fieldRef} {...control} />
    </FieldFrame>
  );
}

export interface TextareaFieldProps extends BaseFieldProps<HTMLTextAreaElement> {
  rows?: number;
}

export function TextareaField({ rows = 5, ...props }: TextareaFieldProps) {
  const { frame, fieldRef, control } = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <Textarea ref={fieldRef} rows={rows} resize="vertical" {...control} />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends BaseFieldProps<HTMLSelectElement> {
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ placeholder, options, ...props }: SelectFieldProps) {
  const { frame, fieldRef, control } = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <NativeSelect.Root>
        <NativeSelect.Field ref={fieldRef} {...control}>
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
