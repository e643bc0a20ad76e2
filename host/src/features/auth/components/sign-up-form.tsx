import { useFormik } from 'formik';
import { AUTH_TOASTS, AUTH_VALIDATION } from '@agency/domain';
import { newPasswordErrors } from '../utils/new-password-errors';
import { signUp } from '@agency/auth';
import { SimpleGrid, Stack, toaster } from '@agency/ui';
import {
  FormErrorAlert,
  SubmitButton,
  TextField,
  useOneAlertForm,
  type TextFieldProps,
} from '@agency/ui/forms';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}
const ORDER = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const REQUIRED = ['firstName', 'lastName', 'email', 'password'] as const;

export function validateSignUp(values: Values) {
  const missing = REQUIRED.filter((name) => !values[name].trim());
  if (missing.length > 0)
    return Object.fromEntries(missing.map((name) => [name, AUTH_VALIDATION.signUpRequired]));
  return newPasswordErrors(values);
}

const LABELS: Record<keyof Values, { label: string; type: TextFieldProps['type']; autoComplete: string }> = {
  firstName: { label: 'First Name', type: 'text', autoComplete: 'given-name' },
  lastName: { label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  password: { label: 'Password', type: 'password', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
};

/** First name, last name, email, password, confirm; on success the page asks the user to verify by e-mail. */
export function SignUpForm({
  onSignedUp,
  initialEmail = '',
}: {
  onSignedUp: (email: string) => void;
  /** Filled in from a proposal's sign-up link. */
  initialEmail?: string;
}) {
  const formik = useFormik<Values>({
    initialValues: { firstName: '', lastName: '', email: initialEmail, password: '', confirmPassword: '' },
    validate: validateSignUp,
    onSubmit: async (values, helpers) => {
      const email = values.email.trim();
      const result = await signUp({
        firstName: values.firstName,
        lastName: values.lastName,
        email,
        password: values.password,
      });
      if (!result.ok) {
        toaster.create({ ...AUTH_TOASTS.signupFailed, type: 'error' });
        return;
      }
      helpers.resetForm();
      onSignedUp(email);
    },
  });
  const { formRef, alert, field: fieldProps } = useOneAlertForm(formik, ORDER);

  const field = (name: keyof Values) => (
    <TextField {...fieldProps(name)} {...LABELS[name]} required={name !== 'confirmPassword'} />
  );

  return (
    <form ref={formRef} method="post" onSubmit={formik.handleSubmit} noValidate aria-label="Sign Up">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {field('firstName')}
          {field('lastName')}
        </SimpleGrid>
        {field('email')}
        {field('password')}
        {field('confirmPassword')}
        <FormErrorAlert {...alert} />
        <SubmitButton busy={formik.isSubmitting} busyLabel="Creating account...">
          Create Account
        </SubmitButton>
      </Stack>
    </form>
  );
}
