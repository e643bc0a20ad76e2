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

/** The "simple address pattern" of the purchase and consultation forms. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
