import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import { AUTH_TEXT, AUTH_TOASTS, AUTH_VALIDATION, RESET_REDIRECT_DELAY_MS } from '@agency/domain';
import { newPasswordErrors } from '../utils/new-password-errors';
import { logout, preloadAuth, updatePassword, useAuthStore } from '@agency/auth';
import { Navigate, useNavigate } from '@agency/router';
import { Box, Heading, PageContainer, Stack, toaster } from '@agency/ui';
import { Alert, FormErrorAlert, SubmitButton, TextField, useOneAlertForm } from '@agency/ui/forms';
import { PageSpinner } from '../../../components/page-spinner';

interface Values {
  password: string;
  confirmPassword: string;
}
const ORDER = ['password', 'confirmPassword'] as const;

export function validateResetPassword(values: Values) {
  const missing = ORDER.filter((name) => !values[name]);
  if (missing.length > 0)
    return Object.fromEntries(missing.map((name) => [name, AUTH_VALIDATION.signUpRequired]));
  return newPasswordErrors(values);
}

function InvalidLink() {
  useEffect(() => {
    // The id keeps StrictMode's second run to one toast.
    toaster.create({ id: 'invalid-reset-link', ...AUTH_TOASTS.invalidResetLink, type: 'error' });
  }, []);
  return <Navigate to="/login" replace />;
}

/**
 * /reset-password, reached from the e-mailed recovery link (supabase-js turns its fragment into a session).
 * Without a signed-in user the link is invalid. After the update the recovery session is signed out and the
 * user goes to /login after 2 seconds to log in with the new password.
 */
export function ResetPasswordPage() {
  const status = useAuthStore((s) => s.status);
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  useEffect(preloadAuth, []);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const formik = useFormik<Values>({
    initialValues: { password: '', confirmPassword: '' },
    validate: validateResetPassword,
    onSubmit: async (values) => {
      if (!(await updatePassword(values.password))) {
        toaster.create({ ...AUTH_TOASTS.updatePasswordFailed, type: 'error' });
        return;
      }
      setDone(true);
      toaster.create({ ...AUTH_TOASTS.passwordUpdated, type: 'success' });
      void logout();
    },
  });
  const { formRef, alert, field } = useOneAlertForm(formik, ORDER);

  if (!done && status === 'loading') return <PageSpinner label={AUTH_TEXT.loading} />;
  if (!done && status === 'logged-out') return <InvalidLink />;

  return (
    <PageContainer py={{ base: '10', md: '16' }}>
      <Box maxW="md" mx="auto">
        <Heading as="h1" size="2xl" textAlign="center" mb="8">
          {AUTH_TEXT.resetPageTitle}
        </Heading>
        <Box borderWidth="1px" borderRadius="lg" p={{ base: '4', sm: '6' }} bg="bg.panel">
          {done ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{AUTH_TEXT.passwordUpdatedRedirect}</Alert.Title>
            </Alert.Root>
          ) : (
            <form
              ref={formRef}
              method="post"
              onSubmit={formik.handleSubmit}
              noValidate
              aria-label="Set a new password"
            >
              <Stack gap="4">
                <TextField
                  {...field('password')}
                  label="New Password"
                  required
                  type="password"
                  autoComplete="new-password"
                />
                <TextField
                  {...field('confirmPassword')}
                  label="Confirm Password"
                  required
                  type="password"
                  autoComplete="new-password"
                />
                <FormErrorAlert {...alert} />
                <SubmitButton busy={formik.isSubmitting} busyLabel="Updating...">
                  Update Password
                </SubmitButton>
              </Stack>
            </form>
          )}
        </Box>
      </Box>
    </PageContainer>
  );
}
