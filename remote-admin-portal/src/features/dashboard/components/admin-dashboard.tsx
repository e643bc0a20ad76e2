import { Suspense, useMemo } from 'react';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { ADMIN_PROJECT_TABS, type AdminProjectTab } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Badge, Button, Center, Container, Spinner, Stack, Text, useOverlays } from '@agency/ui';
import { Alert } from '@agency/ui/forms';
import { ActiveProjects } from '../../active-projects/components/active-projects';
import { CompletedProjects } from '../../completed-projects/components/completed-projects';
import { PendingFinalPayment } from '../../final-payment/components/pending-final-payment';
import { ProjectQueue } from '../../project-queue/components/project-queue';
import { RefusedProjects } from '../../refused-projects/components/refused-projects';
import { StatCards } from '../../stats/components/stat-cards';
import { useAdminData, type AdminData } from '../hooks/use-admin-data';
import { DashboardHeader } from './dashboard-header';

const TAB_ORDER: readonly AdminProjectTab[] = [
  'queue',
  'active',
  'pendingFinalPayment',
  'completed',
  'refused',
];

function Loading() {
  return (
    <Center py="16" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" />
        <Text>{ADMIN_MESSAGES.loading}</Text>
      </Stack>
    </Center>
  );
}

/** The admin dashboard (exposed as ./admin-dashboard): header, five stat cards and the five tabs. */
export default function AdminDashboard() {
  return (
    <DndProvider backend={HTML5Backend}>
      <Container maxW="7xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
        <Suspense fallback={<Loading />}>
          <Dashboard />
        </Suspense>
      </Container>
    </DndProvider>
  );
}

function Dashboard() {
  const data = useAdminData();
  return (
    <Stack gap="6">
      <DashboardHeader />
      {data.status === 'loading' ? <Loading /> : null}
      {data.status === 'error' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{ADMIN_MESSAGES.loadFailed}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void data.refresh()}>
            {ADMIN_MESSAGES.retry}
          </Button>
        </Alert.Root>
      ) : null}
      {data.status === 'ready' ? <DashboardBody data={data} /> : null}
    </Stack>
  );
}

function DashboardBody({ data }: { data: AdminData }) {
  const { Tabs } = useOverlays();
  const lists = useMemo(() => {
    const byTab = {} as Record<AdminProjectTab, AdminData['projects']>;
    for (const tab of TAB_ORDER) byTab[tab] = data.projects.filter(ADMIN_PROJECT_TABS[tab]);
    return byTab;
  }, [data.projects]);

  return (
    <>
      <StatCards
        counts={{
          pending: lists.queue.length,
          active: lists.active.length,
          pendingFinalPayment: lists.pendingFinalPayment.length,
          completed: lists.completed.length,
        }}
        revenue={data.revenue}
      />
      <Tabs.Root defaultValue="queue" variant="line" lazyMount unmountOnExit>
        <Tabs.List overflowX="auto" overflowY="hidden" flexWrap={{ base: 'nowrap' }}>
          {TAB_ORDER.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} flexShrink={0}>
              {ADMIN_MESSAGES.tabs[tab]}
              <Badge variant="subtle" ms="1" aria-hidden="true">
                {lists[tab].length}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="queue" pt="5">
          <ProjectQueue projects={lists.queue} refresh={data.refresh} />
        </Tabs.Content>
        <Tabs.Content value="active" pt="5">
          <ActiveProjects
            projects={lists.active}
            tickets={data.tickets}
            refresh={data.refresh}
            patchTicket={data.patchTicket}
          />
        </Tabs.Content>
        <Tabs.Content value="pendingFinalPayment" pt="5">
          <PendingFinalPayment projects={lists.pendingFinalPayment} />
        </Tabs.Content>
        <Tabs.Content value="completed" pt="5">
          <CompletedProjects
            projects={lists.completed}
            tickets={data.tickets}
            refresh={data.refresh}
            patchTicket={data.patchTicket}
          />
        </Tabs.Content>
        <Tabs.Content value="refused" pt="5">
          <RefusedProjects projects={lists.refused} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
