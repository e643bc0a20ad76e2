import { useEffect, useRef, useState } from 'react';
import { AUTH_TEXT } from '@agency/domain';
import { preloadAuth, useAuthStore } from '@agency/auth';
import { Navigate, useLocation, useNavigate } from '@agency/router';
import { Box, Heading, loadOverlays, PageContainer, Text, useHydrated } from '@agency/ui';
import { readAuthLinkError, type AuthLinkError } from '../utils/auth-link-error';
import { AuthLinkErrorNotice } from './auth-link-error-notice';
import { AuthTabs } from './auth-tabs';
import { SecondFactorStep } from './second-factor-step';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

// The dialogs (and the kit's dialog parts) load when first opened: the page itself needs only the tabs. A dialog
// renders once its code is in, not through lazy() and Suspense: React reveals a suspended boundary no sooner than
// 300 ms after its fallback showed (FALLBACK_THROTTLE_MS), and each dialog opened that much after its code came.
const withOverlays = <T,>(load: Promise<T>) => Promise.all([load, loadOverlays()]).then(([loaded]) => loaded);
const loadForgotPasswordDialog = () =>
  withOverlays(import('./forgot-password-dialog').then((m) => m.ForgotPasswordDialog));
const loadSignUpSuccessDialog = () =>
  withOverlays(import('./sign-up-success-dialog').then((m) => m.SignUpSuccessDialog));

/** A dialog's component once loaded, and `open(then)` that loads it, then runs `then` in the same render. */
function useLoadedDialog<C>(load: () => Promise<C>) {
  const [Dialog, setDialog] = useState<C | null>(null);
  // A failed load reaches the error boundary, as lazy() made it do.
  const [, fail] = useState();
  const open = (then: () => void) =>
    void load().then(
      (loaded) => {
        setDialog(() => loaded);
        then();
      },
      (error: unknown) =>
        fail(() => {
          throw error;
        }),
    );
  return [Dialog, open] as const;
}

type Tab = 'login' | 'signup';

/**
 * `/login?tab=signup&email=…` opens Sign Up with the address filled in: the link a proposal's e-mail gives someone
 * who has no account yet (issue 33).
 */
function signUpInvitation(search: string): { tab: Tab; email: string } {
  const params = new URLSearchParams(search);
  return {
    tab: params.get('tab') === 'signup' ? 'signup' : 'login',
    email: (params.get('email') ?? '').slice(0, 254),
  };
}

const NO_INVITATION: { tab: Tab; email: string } = { tab: 'login', email: '' };

function LoginTabs() {
  const location = useLocation();
  // The server renders /login once for every query (web-server/src/server-render.mjs), so the page hydrates as
  // the Login tab and takes the invitation in the address once hydrated (read during hydration, React kept the
  // server's Login tab on screen while its state said Sign Up).
  const hydrated = useHydrated();
  const invitation = hydrated ? signUpInvitation(location.search) : NO_INVITATION;
  const [chosenTab, setTab] = useState<Tab | null>(null);
  const tab = chosenTab ?? invitation.tab;
  const [ForgotPasswordDialog, openForgotPassword] = useLoadedDialog(loadForgotPasswordDialog);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [SignUpSuccessDialog, openSignUpSuccess] = useLoadedDialog(loadSignUpSuccessDialog);
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  return (
    <>
      <AuthTabs<Tab>
        value={tab}
        onChange={setTab}
        tabs={[
          {
            value: 'login',
            label: AUTH_TEXT.login,
            panel: <LoginForm onForgotPassword={() => openForgotPassword(() => setForgotOpen(true))} />,
          },
          {
            value: 'signup',
            label: AUTH_TEXT.signUp,
            panel: (
              <SignUpForm
                // A new form once the invitation's address is read (its initial values are taken on mount).
                key={invitation.email}
                initialEmail={invitation.email}
                onSignedUp={(email) => openSignUpSuccess(() => setSignedUpEmail(email))}
              />
            ),
          },
        ]}
      />
      {/* Kept mounted once opened, so the dialog closes with its animation and gives focus back. */}
      {ForgotPasswordDialog && <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />}
      {SignUpSuccessDialog && (
        <SignUpSuccessDialog
          email={signedUpEmail}
          onClose={() => {
            setSignedUpEmail(null);
            setTab('login');
          }}
        />
      )}
    </>
  );
}

/**
 * /login: tabs Login and Sign Up. A signed-in user goes on to where they came from, or the dashboard.
 * The page is complete as rendered (the server renders it too, and its one chunk group comes preloaded with
 * the page); supabase-js loads when the visitor starts using the form, well before a submit needs it.
 */
export function LoginPage() {
  const status = useAuthStore((s) => s.status);
  const secondFactorNeeded = useAuthStore((s) => s.secondFactorNeeded);
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as { from?: string } | null)?.from;
  const panel = useRef<HTMLDivElement>(null);
  // An e-mailed link that failed (used twice, expired) lands here with GoTrue's error in the address: say why
  // (once hydrated: the server never sees the fragment), and take the error out of the address so a reload or
  // a shared URL does not repeat it.
  const hydrated = useHydrated();
  const [linkError] = useState<AuthLinkError | null>(() => readAuthLinkError(location.hash, location.search));
  useEffect(() => {
    if (linkError) navigate(location.pathname, { replace: true, state: location.state });
    // Once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const warmUp = () => preloadAuth();
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    events.forEach((event) => element.addEventListener(event, warmUp, { once: true, passive: true }));
    return () => events.forEach((event) => element.removeEventListener(event, warmUp));
  }, []);

  if (status === 'logged-in') return <Navigate to={from ?? '/dashboard'} replace />;
  return (
    <PageContainer py={{ base: '10', md: '16' }}>
      <Box maxW="md" mx="auto">
        <Heading as="h1" size="2xl" textAlign="center">
          Client Portal
        </Heading>
        <Text color="fg.muted" textAlign="center" mt="2" mb="8">
          Log in to follow your projects, or create an account.
        </Text>
        {hydrated && linkError && <AuthLinkErrorNotice error={linkError} />}
        <Box ref={panel} borderWidth="1px" borderRadius="lg" p={{ base: '4', sm: '6' }} bg="bg.panel">
          {secondFactorNeeded ? <SecondFactorStep /> : <LoginTabs />}
        </Box>
      </Box>
    </PageContainer>
  );
}
