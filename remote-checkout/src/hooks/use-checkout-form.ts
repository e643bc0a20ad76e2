import { useEffect, useMemo, useRef } from 'react';
import { useFormik, type FormikTouched } from 'formik';
import { useAuthStore, type AuthUser } from '@agency/auth';
import { toaster } from '@agency/ui';

/** The form's one toast: its title and, for some, a description (the spec's checkout toasts). */
export interface CheckoutFormToast {
  title: string;
  description?: string;
}

type TextFieldOf<V> = Exclude<keyof V & string, 'acceptedTerms'>;

interface CheckoutFormOptions<V> {
  /** Empty fields, with the signed-in client's details where there is one. */
  initialValues: (user: AuthUser | null) => V;
  /** The spec's yup schema of the form. */
  validationSchema: { isValidSync(values: V): boolean };
  /** The fields in the order they are shown: every one is marked and the first invalid focused on a refused submit. */
  fieldOrder: readonly (keyof V & string)[];
  /** The toast's id: a new toast replaces the one shown, and a complete form removes it. */
  toastId: string;
}

/**
 * A checkout page's customer form (purchase, consultation): formik on the spec's schema, prefilled once the
 * session is known unless the visitor already typed, and a submit check that marks every field, shows the
 * form's toast and focuses the first invalid field.
 */
export function useCheckoutForm<V extends { acceptedTerms: boolean }>({
  initialValues,
  validationSchema,
  fieldOrder,
  toastId,
}: CheckoutFormOptions<V>) {
  const user = useAuthStore((state) => state.user);
  const formRef = useRef<HTMLFormElement>(null);
  const formik = useFormik<V>({ initialValues: initialValues(user), validationSchema, onSubmit: () => {} });
  const { values, errors, touched, dirty, setValues } = formik;
  const valid = useMemo(() => validationSchema.isValidSync(values), [validationSchema, values]);

  // The session may resolve after the page opened: prefill then, unless the visitor already typed.
  useEffect(() => {
    if (user && !dirty) void setValues(initialValues(user), true);
  }, [user, dirty, setValues]); // eslint-disable-line react-hooks/exhaustive-deps

  // The form's toast goes once the form is complete: it no longer describes it.
  const toastShown = useRef(false);
  useEffect(() => {
    if (!valid || !toastShown.current) return;
    toastShown.current = false;
    // After this commit: the toast queue updates its own React state.
    queueMicrotask(() => toaster.remove(toastId));
  }, [valid, toastId]);

  /**
   * Whether the form may be sent. When not: every field is marked, the toast `toastFor` gives (if any) shows,
   * and the first invalid field takes the focus.
   */
  async function check(toastFor: (values: V) => CheckoutFormToast | undefined): Promise<boolean> {
    const fieldErrors = await formik.validateForm();
    const toast = toastFor(values);
    if (!toast && Object.keys(fieldErrors).length === 0) return true;
    void formik.setTouched(
      Object.fromEntries(fieldOrder.map((name) => [name, true])) as FormikTouched<V>,
      false,
    );
    if (toast) {
      toaster.create({ ...toast, id: toastId, type: 'error' });
      toastShown.current = true;
    }
    const first = fieldOrder.find((name) => fieldErrors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return false;
  }

  /** A text or select field's value, shown error and formik's (stable) handlers. */
  const bind = (name: TextFieldOf<V>) => ({
    name,
    value: (values[name] as string | undefined) ?? '',
    error: touched[name] ? (errors[name] as string | undefined) : undefined,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
  });

  return { formik, formRef, valid, check, bind };
}
