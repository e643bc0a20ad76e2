import { object, type InferType } from 'yup';
import { SIMPLE_EMAIL_PATTERN, MIN_DESCRIPTION_LENGTH, VALIDATION } from '../messages/validation';
import { customerFields } from './consultation';

/** The customer form of /purchase/{tierId} (spec sections 3 and 5); field messages as the API's. */
export const purchaseFormSchema = object(customerFields);

export type PurchaseFormValues = InferType<typeof purchaseFormSchema> & { company: string };

export const EMPTY_PURCHASE_FORM: PurchaseFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  projectDescription: '',
  acceptedTerms: false,
};

export type CheckoutToast = { title: string; description: string };

/**
 * The toast shown when payment starts with incomplete details, in the spec's order (section 5), or
 * undefined when the details may be sent. Terms are not named by a toast: the button says so by staying
 * disabled and the checkbox shows its own error.
 */
export function purchaseToastFor(
  values: Pick<PurchaseFormValues, 'firstName' | 'lastName' | 'email' | 'projectDescription'>,
): CheckoutToast | undefined {
  const toasts = VALIDATION.purchaseToasts;
  if (!values.firstName.trim() || !values.lastName.trim() || !values.email.trim())
    return toasts.missingInformation;
  if (!SIMPLE_EMAIL_PATTERN.test(values.email.trim())) return toasts.invalidEmail;
  if (values.projectDescription.trim().length < MIN_DESCRIPTION_LENGTH) return toasts.descriptionRequired;
  return undefined;
}
