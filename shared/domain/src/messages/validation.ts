// Every validation message of spec section 5, used by the forms (formik + yup) and the server alike.
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_DESCRIPTION_LENGTH = 10;
export const MIN_CONTACT_NAME_LENGTH = 2;

export const VALIDATION = {
  contact: {
    firstName: 'First name required',
    lastName: 'Last name required',
    email: 'Please enter a valid email address',
    projectDetails: 'Project details must be at least 10 characters',
  },
  customer: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    descriptionRequired: 'Project description is required',
    descriptionTooShort: 'Project description must be at least 10 characters',
  },
  consultation: {
    budgetRequired: 'Budget range is required',
    timelineRequired: 'Timeline is required',
    budgetAndTimeline: 'Please select both budget range and timeline.',
  },
  purchaseToasts: {
    missingInformation: { title: 'Missing Information', description: 'Please fill in all required fields.' },
    invalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
    descriptionRequired: {
      title: 'Project Description Required',
      description: 'Please provide a brief description of your project (minimum 10 characters).',
    },
  },
  auth: {
    loginRequired: 'Please enter both email and password.',
    signUpRequired: 'Please fill in all required fields.',
    passwordsDoNotMatch: 'Passwords do not match.',
    forgotEmailRequired: 'Please enter your email address.',
    passwordTooShort: 'Password must be at least 6 characters long.',
    changeAllRequired: 'All fields are required.',
    newPasswordsDoNotMatch: 'New passwords do not match.',
    currentPasswordIncorrect: 'Current password is incorrect.',
    emailOrPhoneRequired: 'You must provide either an email or phone number and a password',
  },
  serviceRequest: {
    required: 'Please fill out all required fields.',
  },
  ticket: {
    titleRequired: 'Title is required',
  },
  cancel: {
    reasonRequired: 'Please provide a reason for cancellation.',
  },
} as const;

/**
 * The "simple address pattern" of the purchase and consultation forms: one address, so no white space,
 * control characters, lone UTF-16 surrogates or the separators of address lists and display names
 * (`,;:<>()[]\"`). With the `u` flag the surrogate range matches only an unpaired half.
 */
const ADDRESS_CHARACTER = String.raw`[^\s@,;:<>()[\]\\"\u0000-\u001f\u007f-\u009f\ud800-\udfff]`;
export const SIMPLE_EMAIL_PATTERN = new RegExp(
  `^${ADDRESS_CHARACTER}+@${ADDRESS_CHARACTER}+\\.${ADDRESS_CHARACTER}+$`,
  'u',
);

/** The longest address SMTP carries (RFC 5321: 254 characters, 64 before the @). */
export const MAX_EMAIL_LENGTH = 254;
const MAX_EMAIL_LOCAL_PART_LENGTH = 64;

/** One e-mail address as every form, the API and the offline auth service accept it. */
export function isEmailAddress(value: string): boolean {
  return (
    value.length <= MAX_EMAIL_LENGTH &&
    value.indexOf('@') <= MAX_EMAIL_LOCAL_PART_LENGTH &&
    SIMPLE_EMAIL_PATTERN.test(value)
  );
}

/** The message for a field holding NUL or another control character (tab and newline only where text is multi-line). */
export const invalidCharacters = (field: string) => `${field} contains characters that are not allowed`;

/** Each field's message for characters it may not hold. */
export const INVALID_CHARACTERS = {
  firstName: invalidCharacters('First name'),
  lastName: invalidCharacters('Last name'),
  company: invalidCharacters('Company'),
  projectDetails: invalidCharacters('Project details'),
  projectDescription: invalidCharacters('Project description'),
  description: invalidCharacters('Description'),
  title: invalidCharacters('Title'),
  clientName: invalidCharacters('Client name'),
  assignee: invalidCharacters('Assignee'),
  cancellationReason: invalidCharacters('Cancellation reason'),
  preferredDate: invalidCharacters('Preferred date'),
  preferredTime: invalidCharacters('Preferred time'),
  paymentMethodId: invalidCharacters('Payment method'),
  paymentIntentId: invalidCharacters('Payment id'),
  priceId: invalidCharacters('Price id'),
  paymentType: invalidCharacters('Payment type'),
  projectId: invalidCharacters('Project id'),
  userId: invalidCharacters('User id'),
  tier: invalidCharacters('Tier'),
  search: invalidCharacters('Search'),
} as const;

export const BUDGET_OPTIONS = [
  { value: 'under-5k', label: 'Under $5,000' },
  { value: '5k-15k', label: '$5,000 - $15,000' },
  { value: '15k-50k', label: '$15,000 - $50,000' },
  { value: '50k-plus', label: '$50,000+' },
] as const;

export const TIMELINE_OPTIONS = [
  { value: 'asap', label: 'ASAP' },
  { value: '1-month', label: 'Within 1 month' },
  { value: '2-3-months', label: '2-3 months' },
  { value: '6-months', label: '6 months' },
] as const;

export type BudgetRange = (typeof BUDGET_OPTIONS)[number]['value'];
export type Timeline = (typeof TIMELINE_OPTIONS)[number]['value'];
