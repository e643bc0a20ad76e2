import { Suspense, useCallback, useMemo, useState } from 'react';
import { CLIENT_TAB_VIEWS, type Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { logout, useAuthStore } from '@agency/auth';
import { useLocation, useNavigate } from '@agency/router';
import { BILLING_TEXT } from '@agency/domain/billing';
import { BillingPage } from '../features/billing/components/billing-page';
import { SubscriptionUpcoming } from '../features/billing/components/subscription-upcoming';
import { Box, Button, Center, Flex, Heading, HStack, loadOverlays, Spinner, Stack, Text } from '@agency/ui';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { PageFrame } from '../components/page-frame';
import { projectCardId } from '../components/project-card';
import {
  dashboardClient,
  PortalProvider,
  useCounts,
  useFirstReads,
  useIdlePrefetch,
  usePortalCache,
  useProject,
  LoadFailed,
} from '@agency/portal';
import { toastError } from '../lib/toast';
import { PaymentsDialog } from '../features/billing/components/payments-dialog';
import { UpdateCardDialog } from '../features/billing/components/update-card-dialog';
import { NotificationsBell } from '../features/notifications/components/notifications-bell';
import type { DashboardDialog } from '../features/dashboard/types';
import {
  ApproveDialog,
  FinalPaymentDialog,
  RefuseDialog,
} from '../features/dashboard/components/dialogs/approval-dialogs';
import {
  CancelPendingDialog,
  CancelProjectDialog,
  PenaltyDialog,
} from '../features/dashboard/components/dialogs/cancel-dialogs';
import { ProfileDialog } from '../features/dashboard/components/dialogs/profile-dialog';
import { RequestServiceDialog } from '../features/dashboard/components/dialogs/request-service-dialog';
import { ConversationHost, EmailSettingsButton, LiveStatus } from '@agency/portal';
import { ProjectTabs, TAB_ORDER, type CardActions } from '../features/dashboard/components/project-tabs';

const m = CLIENT_MESSAGES;
const CLIENT_VIEWS = TAB_ORDER.map((tab) => CLIENT_TAB_VIEWS[tab]);

// Tabs, dialogs and pagination come from the portal-only chunk of the UI facade: start loading it at once.
void loadOverlays();

function Loading({ label = m.loading }: { label?: string }) {
  return (
    <Center py="16" role="status" aria-live="polite" flexDirection="column" gap="3">
      <Spinner size="lg" aria-hidden />
      <Text>{label}</Text>
    </Center>
  );
}

const clientData = dashboardClient(CLIENT_TAB_VIEWS[TAB_ORDER[0]!], 'CLIENT');

/** /dashboard for every role other than ADMIN (the module this remote exposes); it follows changes live. */
export default function ClientDashboard() {
  const client = clientData.useClient();
  return (
    <PortalProvider client={client} live>
      <PageFrame py={{ base: '6', md: '10' }}>
        <Suspense fallback={<Loading />}>
          <Dashboard />
        </Suspense>
      </PageFrame>
    </PortalProvider>
  );
}

/**
 * After a dialog's action the button that opened it may be gone (the project moved tab): focus goes to the
 * project's card when it is still shown, else to the selected tab, never to the page's body.
 */
function focusAfterAction(projectId: string | undefined) {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const card = projectId ? document.getElementById(projectCardId(projectId)) : null;
      (card ?? document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'))?.focus();
    }),
  );
}

function Dashboard() {
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const portal = usePortalCache();
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  const [checkingPenaltyFor, setCheckingPenaltyFor] = useState<string | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  // The Billing page is a view of the dashboard (`?view=billing`), so the host's route table stays as it is.
  const billing = new URLSearchParams(useLocation().search).get('view') === 'billing';

  const close = useCallback(() => setDialog(null), []);
  const done = useCallback(
    (project?: Project) => {
      const shown = dialog && 'project' in dialog ? dialog.project.id : undefined;
      setDialog(null);
      if (project) portal.putProject(project);
      else portal.invalidateLists();
      focusAfterAction(project?.id ?? shown);
    },
    [dialog, portal],
  );

  async function handleLogout() {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
      navigate('/');
    }
  }

  /** Tier 4 asks the server for an early-cancellation penalty first; other tiers cancel directly. */
  const handleCancelActive = useCallback(async (project: Project) => {
    if (project.tier !== 4) {
      setDialog({ kind: 'cancel', project });
      return;
    }
    setCheckingPenaltyFor(project.id);
    try {
      const quote = await apiClient().checkPenalty({ body: { projectId: project.id } });
      setDialog(quote.hasPenalty ? { kind: 'penalty', project, quote } : { kind: 'cancel', project });
    } catch (error) {
      toastError(apiErrorMessage(error, m.errors.cancel));
    } finally {
      setCheckingPenaltyFor(null);
    }
  }, []);

  // One object for every card while nothing in it changes, so the memoized cards skip the dashboard's renders.
  const actions = useMemo(
    () => ({
      openDialog: setDialog,
      onCancelActive: (project: Project) => void handleCancelActive(project),
      checkingPenaltyFor,
      upcomingNote: (project: Project) => <SubscriptionUpcoming project={project} />,
    }),
    [handleCancelActive, checkingPenaltyFor],
  );

  return (
    <Stack gap="8">
      <Flex
        as="header"
        gap="4"
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
      >
        <Box minW="0">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            {m.title}
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
            {user?.fullName || user?.email}
          </Heading>
          <Text color="fg.muted" wordBreak="break-all">
            {user?.email}
          </Text>
          <LiveStatus />
        </Box>
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="brand" onClick={() => setDialog({ kind: 'request' })} aria-haspopup="dialog">
            {m.header.requestService}
          </Button>
          <NotificationsBell />
          <EmailSettingsButton />
          <Button variant="outline" onClick={() => navigate('/dashboard?view=billing')}>
            {BILLING_TEXT.open}
          </Button>
          <Button variant="outline" onClick={() => setDialog({ kind: 'profile' })} aria-haspopup="dialog">
            {m.header.profile}
          </Button>
          <Button
            variant="ghost"
            onClick={() => void handleLogout()}
            loading={loggingOut}
            loadingText={m.header.loggingOut}
          >
            {m.header.logout}
          </Button>
        </HStack>
      </Flex>

      {billing ? <BillingPage onBack={() => navigate('/dashboard')} /> : <DashboardBody actions={actions} />}
      <ConversationHost viewer="client" />

      {dialog ? (
        <Suspense fallback={null}>
          <ActiveDialog dialog={dialog} onClose={close} onDone={done} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** Shown once the counts and the first page are both in (one render for both). */
function DashboardBody({ actions }: { actions: CardActions }) {
  const ready = useFirstReads();
  const { failed, retry } = useCounts();
  useIdlePrefetch(ready, CLIENT_VIEWS);
  if (!ready) return <Loading label={m.list.loading} />;
  return (
    <>
      {failed ? <LoadFailed title={m.loadFailed} retryLabel={m.retry} onRetry={retry} /> : null}
      <ProjectTabs {...actions} />
    </>
  );
}

function ActiveDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: DashboardDialog;
  onClose: () => void;
  onDone: (project?: Project) => void;
}) {
  const props = { onClose, onDone };
  // The project as it is now, not as it was when the dialog opened: an admin's change meanwhile (a new fee)
  // shows in the open dialog, which says what the client agrees to.
  const live = useProject('project' in dialog ? dialog.project.id : '');
  const current = (opened: Project) => live ?? opened;
  switch (dialog.kind) {
    case 'approve':
      return <ApproveDialog project={current(dialog.project)} {...props} />;
    case 'refuse':
      return <RefuseDialog project={current(dialog.project)} {...props} />;
    case 'cancel':
      return <CancelProjectDialog project={current(dialog.project)} {...props} />;
    case 'cancelPending':
      return <CancelPendingDialog project={current(dialog.project)} {...props} />;
    case 'penalty':
      return <PenaltyDialog project={current(dialog.project)} quote={dialog.quote} {...props} />;
    case 'finalPayment':
      return <FinalPaymentDialog project={current(dialog.project)} {...props} />;
    case 'payments':
      return <PaymentsDialog project={current(dialog.project)} onClose={onClose} />;
    case 'updateCard':
      return <UpdateCardDialog project={current(dialog.project)} amountDue={dialog.amountDue} {...props} />;
    case 'profile':
      return <ProfileDialog onClose={onClose} />;
    case 'request':
      return <RequestServiceDialog {...props} />;
  }
}
