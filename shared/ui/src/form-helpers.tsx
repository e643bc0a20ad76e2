import { useEffect, type RefObject } from 'react';
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
