import { Suspense, useCallback, useState } from 'react';
import type { Project } from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { logout, useAuthStore } from '@agency/auth';
import { useNavigate } from '@agency/router';
import {
  Box,
  Button,
  Center,
  Container,
  Flex,
  Heading,
  HStack,
  loadOverlays,
  Spinner,
  Stack,
  Text,
} from '@agency/ui';
import { Alert } from '@agency/ui/forms';
import { apiClient, apiErrorMessage } from '@agency/auth/api';
import { toastError } from '../../../lib/toast';
import { PaymentsDialog } from '../../billing/components/payments-dialog';
import { UpdateCardDialog } from '../../billing/components/update-card-dialog';
import { useClientProjects } from '../hooks/use-client-projects';
import type { DashboardDialog } from '../types';
import { ApproveDialog, FinalPaymentDialog, RefuseDialog } from './dialogs/approval-dialogs';
import { CancelPendingDialog, CancelProjectDialog, PenaltyDialog } from './dialogs/cancel-dialogs';
import { ProfileDialog } from './dialogs/profile-dialog';
import { RequestServiceDialog } from './dialogs/request-service-dialog';
import { ProjectTabs } from './project-tabs';

const m = CLIENT_MESSAGES;

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

/** /dashboard for every role other than ADMIN (the module this remote exposes). */
export default function ClientDashboard() {
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Suspense fallback={<Loading />}>
        <Dashboard />
      </Suspense>
    </Container>
  );
}

function Dashboard() {
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const { status, projects, tickets, refresh } = useClientProjects();
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  const [checkingPenaltyFor, setCheckingPenaltyFor] = useState<string | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);

  const close = useCallback(() => setDialog(null), []);
  const done = useCallback(() => {
    setDialog(null);
    void refresh();
  }, [refresh]);

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
  async function handleCancelActive(project: Project) {
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
  }

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
        </Box>
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="brand" onClick={() => setDialog({ kind: 'request' })}>
            {m.header.requestService}
          </Button>
          <Button variant="outline" onClick={() => setDialog({ kind: 'profile' })}>
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

      {status === 'loading' ? (
        <Loading />
      ) : status === 'error' ? (
        <Alert.Root status="error" role="alert" flexWrap="wrap" gap="3">
          <Alert.Indicator />
          <Alert.Title flex="1">{m.loadFailed}</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void refresh()}>
            {m.retry}
          </Button>
        </Alert.Root>
      ) : (
        <ProjectTabs
          projects={projects}
          tickets={tickets}
          openDialog={setDialog}
          onCancelActive={(project) => void handleCancelActive(project)}
          checkingPenaltyFor={checkingPenaltyFor}
        />
      )}

      {dialog ? (
        <Suspense fallback={null}>
          <ActiveDialog dialog={dialog} onClose={close} onDone={done} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function ActiveDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: DashboardDialog;
  onClose: () => void;
  onDone: () => void;
}) {
  const props = { onClose, onDone };
  switch (dialog.kind) {
    case 'approve':
      return <ApproveDialog project={dialog.project} {...props} />;
    case 'refuse':
      return <RefuseDialog project={dialog.project} {...props} />;
    case 'cancel':
      return <CancelProjectDialog project={dialog.project} {...props} />;
    case 'cancelPending':
      return <CancelPendingDialog project={dialog.project} {...props} />;
    case 'penalty':
      return <PenaltyDialog project={dialog.project} quote={dialog.quote} {...props} />;
    case 'finalPayment':
      return <FinalPaymentDialog project={dialog.project} {...props} />;
    case 'payments':
      return <PaymentsDialog project={dialog.project} onClose={onClose} />;
    case 'updateCard':
      return <UpdateCardDialog project={dialog.project} amountDue={dialog.amountDue} {...props} />;
    case 'profile':
      return <ProfileDialog onClose={onClose} />;
    case 'request':
      return <RequestServiceDialog {...props} />;
  }
}
