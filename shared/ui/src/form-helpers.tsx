import { useEffect, useId, useRef, type ChangeEvent, type ReactNode, type RefObject } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Alert } from './form-controls';

/** One message for the form (the spec's messages name several fields at once), announced when it appears. */
export function FormErrorAlert({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" id={id} role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/** After a rejected submit, move focus to the first invalid field in the given order. */
export function useFocusFirstInvalid(
  formRef: RefObject<HTMLFormElement | null>,
  submitCount: number,
  errors: Record<string, unknown>,
  order: readonly string[],
  isSubmitting: boolean,
) {
  useEffect(() => {
    if (submitCount === 0 || isSubmitting) return;
    const first = order.find((name) => errors[name]);
    if (!first) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    // Only on a new submit attempt, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, isSubmitting]);
}

/** The first error message in field order. */
export function firstError(errors: Record<string, unknown>, order: readonly string[]): string | undefined {
  for (const name of order) {
    const value = errors[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** What useOneAlertForm reads of a form's state; formik's form bag fits as it is. */
export interface OneAlertFormState<V> {
  values: V;
  errors: object;
  submitCount: number;
  isSubmitting: boolean;
  handleChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A form that reports its errors in one alert (the spec's messages often name several fields at once):
 * errors show from the first submit on, the first invalid field (in `order`) takes focus, and each invalid
 * field is described by the alert. Spread `field(name)` on a TextField and `alert` on FormErrorAlert.
 */
export function useOneAlertForm<V extends { [K in keyof V]: string }>(
  form: OneAlertFormState<V>,
  order: readonly (keyof V & string)[],
) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertId = useId();
  const errors = (form.submitCount > 0 ? form.errors : {}) as Record<string, unknown>;
  useFocusFirstInvalid(
    formRef,
    form.submitCount,
    form.errors as Record<string, unknown>,
    order,
    form.isSubmitting,
  );
  return {
    formRef,
    alert: { id: alertId, message: firstError(errors, order) },
    field: (name: keyof V & string) => ({
      name,
      value: form.values[name],
      onChange: form.handleChange,
      invalid: Boolean(errors[name]),
      'aria-describedby': errors[name] ? alertId : undefined,
    }),
  };
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  /** While true the button is disabled, marked busy and shows `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}

/**
 * A form's primary submit button: one click per submission, and it says what is happening meanwhile. On a page
 * the server rendered, a click (or Enter) before the form is hydrated is held by the host's early-input script
 * and replayed once it is (host/src/lib/dom/early-input.ts), so it never submits natively into the address bar.
 */
export function SubmitButton({ busy, busyLabel, children, disabled, ...rest }: SubmitButtonProps) {
  return (
    <Button type="submit" colorPalette="brand" disabled={busy || disabled} aria-busy={busy} {...rest}>
      {busy ? busyLabel : children}
    </Button>
  );
}

export interface DialogActionsProps extends Omit<SubmitButtonProps, 'form' | 'children'> {
  /** The id of the form in the dialog's body that the submit button sends. */
  form: string;
  /** The way out (Back, Keep, Cancel): it closes the dialog, and waits while the form is sent. */
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: ReactNode;
}

/** A form dialog's footer (DialogShell's `footer`): the way out, then the form's submit button. */
export function DialogActions({ form, cancelLabel, onCancel, submitLabel, ...submit }: DialogActionsProps) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={submit.busy}>
        {cancelLabel}
      </Button>
      <SubmitButton form={form} {...submit}>
        {submitLabel}
      </SubmitButton>
    </>
  );
}
