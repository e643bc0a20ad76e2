import { Suspense, useEffect, useState } from 'react';
import { AUTH_TEXT } from '@agency/domain';
import { preloadAuth, useAuthStore } from '@agency/auth';
import { Navigate, useLocation } from '@agency/router';
import { Box, Container, Heading, loadOverlays, Text, useOverlays } from '@agency/ui';
import { PageSpinner } from '../../../components/page-spinner';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';
import { SignUpSuccessDialog } from './sign-up-success-dialog';

type Tab = 'login' | 'signup';

function LoginTabs() {
  const { Tabs } = useOverlays();
  const [tab, setTab] = useState<Tab>('login');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  return (
    <>
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as Tab)} variant="line" fitted>
        <Tabs.List>
          <Tabs.Trigger value="login">{AUTH_TEXT.login}</Tabs.Trigger>
          <Tabs.Trigger value="signup">{AUTH_TEXT.signUp}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" pt="6">
          <LoginForm onForgotPassword={() => setForgotOpen(true)} />
        </Tabs.Content>
        <Tabs.Content value="signup" pt="6">
          <SignUpForm onSignedUp={setSignedUpEmail} />
        </Tabs.Content>
      </Tabs.Root>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
      <SignUpSuccessDialog
        email={signedUpEmail}
        onClose={() => {
          setSignedUpEmail(null);
          setTab('login');
        }}
      />
    </>
  );
}

/** /login: tabs Login and Sign Up. A signed-in user goes on to where they came from, or the dashboard. */
export function LoginPage() {
  const status = useAuthStore((s) => s.status);
  const from = (useLocation().state as { from?: string } | null)?.from;
  useEffect(() => {
    preloadAuth();
    void loadOverlays();
  }, []);

  if (status === 'logged-in') return <Navigate to={from ?? '/dashboard'} replace />;
  if (status === 'loading') return <PageSpinner label={AUTH_TEXT.loading} />;
  return (
    <Container maxW="md" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }}>
      <Heading as="h1" size="2xl" textAlign="center">
        Client Portal
      </Heading>
      <Text color="fg.muted" textAlign="center" mt="2" mb="8">
        Log in to follow your projects, or create an account.
      </Text>
      <Box borderWidth="1px" borderRadius="lg" p={{ base: '4', sm: '6' }} bg="bg.panel">
        <Suspense fallback={<PageSpinner label={AUTH_TEXT.loading} />}>
          <LoginTabs />
        </Suspense>
      </Box>
    </Container>
  );
}
