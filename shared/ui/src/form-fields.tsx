import { mergeRefs } from '@chakra-ui/react';
import { memo, useLayoutEffect, useMemo, useRef, type ChangeEvent, type FocusEvent, type Ref } from 'react';
import { Field, Input, NativeSelect, Textarea } from './form-controls';

// Labelled fields with the required mark, helper and error text, for formik (handleChange/handleBlur) or
// plain state alike: onChange and onBlur receive the native events. Each field renders again only when its
// own props change: a keystroke in one field of a form re-renders that field, not every Chakra field of the
// form (formik's handlers are stable; a caller passing a new function each render just loses that).
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

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A field the server rendered takes keystrokes before the page is hydrated (the browser keeps them in the
 * element: React leaves a hydrated field's value as it finds it). Once hydrated, what the visitor typed meanwhile
 * is handed to the form as one change, the way a keystroke would be, so none of it is lost when the form next
 * renders the field from its own state. Also catches what the browser restored or autofilled before hydration.
 * It is handed over in the hydration's commit (a layout effect), not in a passive effect a task later: a submit
 * the early-input script held (host/src/lib/dom/early-input.ts) is replayed as soon as the form is hydrated, and
 * must find the form holding what was typed.
 */
function useTypedBeforeHydration<E extends Control>(
  value: string,
  onChange: (event: ChangeEvent<E>) => void,
  fieldRef: Ref<E> | undefined,
) {
  const element = useRef<E | null>(null);
  const first = useRef({ value, onChange });
  useLayoutEffect(() => {
    const field = element.current;
    const { value: rendered, onChange: change } = first.current;
    if (field && field.value !== rendered)
      change({
        target: field,
        currentTarget: field,
        type: 'change',
        persist() {},
      } as unknown as ChangeEvent<E>);
  }, []);
  // eslint-disable-next-line react-hooks/refs -- mergeRefs only writes the ref, when React attaches the element.
  return useMemo(() => mergeRefs(element, fieldRef), [fieldRef]);
}

export interface TextFieldProps extends BaseFieldProps<HTMLInputElement> {
  type?: 'text' | 'email' | 'date' | 'time' | 'password';
  autoComplete?: string;
  min?: string;
  maxLength?: number;
}

export const TextField = memo(function TextField(props: TextFieldProps) {
  const { frame, fieldRef, control } = splitFieldProps(props);
  const ref = useTypedBeforeHydration(control.value, control.onChange, fieldRef);
  return (
    <FieldFrame {...frame}>
      <Input ref={ref} {...control} />
    </FieldFrame>
  );
});

export interface TextareaFieldProps extends BaseFieldProps<HTMLTextAreaElement> {
  rows?: number;
}

export const TextareaField = memo(function TextareaField({ rows = 5, ...props }: TextareaFieldProps) {
  const { frame, fieldRef, control } = splitFieldProps(props);
  const ref = useTypedBeforeHydration(control.value, control.onChange, fieldRef);
  return (
    <FieldFrame {...frame}>
      <Textarea ref={ref} rows={rows} resize="vertical" {...control} />
    </FieldFrame>
  );
});

export interface SelectFieldProps extends BaseFieldProps<HTMLSelectElement> {
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

export const SelectField = memo(function SelectField({ placeholder, options, ...props }: SelectFieldProps) {
  const { frame, fieldRef, control } = splitFieldProps(props);
  const ref = useTypedBeforeHydration(control.value, control.onChange, fieldRef);
  return (
    <FieldFrame {...frame}>
      <NativeSelect.Root>
        <NativeSelect.Field ref={ref} {...control}>
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
});
