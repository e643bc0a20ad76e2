import { Activity, Suspense, use, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { DndProvider } from 'react-dnd';
import { ADMIN_TAB_VIEWS, type AdminProjectTab, type BoardType, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Badge, Center, loadOverlays, Spinner, Stack, Text, useOverlays, VisuallyHidden } from '@agency/ui';
import { PageFrame } from '../components/page-frame';
import {
  boardQuery,
  dashboardClient,
  PortalProvider,
  portalKeys,
  useCounts,
  useFirstPageRead,
  useFirstReads,
  useIdlePrefetch,
  whenIdle,
  type ListPage,
  type ListQuery,
  type QueryClient,
  LoadFailed,
} from '@agency/portal';
import { loadDndBackend, type DndBackend } from '../lib/dnd-backend';
import { ActiveProjects } from '../features/active-projects/components/active-projects';
import { CompletedProjects } from '../features/completed-projects/components/completed-projects';
import { Inbox } from '../features/inbox/components/inbox';
import { useInboxUnread } from '../features/inbox/hooks/use-inbox';
import { ProjectQueue } from '../features/project-queue/components/project-queue';
import { ReadOnlyTab } from '../features/read-only-tabs/components/read-only-tab';
import { StatCards } from '../features/stats/components/stat-cards';
import { AddTicketButton } from '../features/tickets/components/add-ticket-dialog';
import { TicketBoard } from '../features/tickets/components/ticket-board';
import { RevenuePanel } from '../features/revenue/components/revenue-panel';
import { DashboardHeader } from './dashboard-header';

type Tab = AdminProjectTab | 'inbox';
const TAB_ORDER: readonly Tab[] = ['queue', 'active', 'pendingFinalPayment', 'completed', 'refused', 'inbox'];

// Tabs, dialogs and tables come from the portal-only chunk of the UI facade: start loading it at once.
void loadOverlays();

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

const adminData = dashboardClient(ADMIN_TAB_VIEWS.queue, 'ADMIN');

/** The admin dashboard (exposed as ./admin-dashboard): header, five stat cards and the tabs, all live. */
export default function AdminDashboard() {
  const client = adminData.useClient();
  return (
    <PortalProvider client={client} live>
      <PageFrame py={{ base: '6', md: '10' }}>
        <Suspense fallback={<Loading />}>
          <WithDnd>
            <Dashboard />
          </WithDnd>
        </Suspense>
      </PageFrame>
    </PortalProvider>
  );
}

/** Drag and drop: HTML5 on desktops, the touch backend (loaded only there) on touch devices. */
function WithDnd({ children }: { children: ReactNode }) {
  const loaded = loadDndBackend();
  const { backend, options }: DndBackend = 'then' in loaded ? use(loaded) : loaded;
  return (
    <DndProvider backend={backend} options={options}>
      {children}
    </DndProvider>
  );
}

function Dashboard() {
  return (
    <Stack gap="6">
      <DashboardHeader />
      <DashboardBody />
    </Stack>
  );
}

/** Shown once the counts and the first page are both in (one render for both). */
function DashboardBody() {
  const ready = useFirstReads();
  const { failed, retry } = useCounts();
  useIdlePrefetch(ready, ADMIN_VIEWS, loadFirstActiveBoard);
  if (!ready) return <Loading />;
  return (
    <>
      {failed ? (
        <LoadFailed title={ADMIN_MESSAGES.loadFailed} retryLabel={ADMIN_MESSAGES.retry} onRetry={retry} />
      ) : null}
      <StatCards />
      <RevenuePanel />
      <DashboardTabs />
    </>
  );
}

const ADMIN_VIEWS = Object.values(ADMIN_TAB_VIEWS);

/** The Active tab opens on its first project's board: read it too once that page is in. */
function loadFirstActiveBoard(client: QueryClient, query: ListQuery) {
  if (query.view !== ADMIN_TAB_VIEWS.active) return;
  const first = client.getQueryData<ListPage>(portalKeys.page(query))?.ids[0];
  if (first) void client.prefetchQuery(boardQuery(first, 'main'));
}

/** The tickets feature inside a project tab: that board, and the button that adds a ticket to it. */
function ticketSlots(board: BoardType) {
  return {
    board: (project: Project) => (
      <TicketBoard
        projectId={project.id}
        projectTitle={project.title}
        board={board}
        title={ADMIN_MESSAGES.boards[board]}
      />
    ),
    addTicket: (project: Project) => <AddTicketButton project={project} boardType={board} />,
  };
}
const MAIN_TICKETS = ticketSlots('main');
const MAINTENANCE_TICKETS = ticketSlots('maintenance');

function TabContent({ tab, onUnread }: { tab: Tab; onUnread: ComponentProps<typeof Inbox>['onUnread'] }) {
  switch (tab) {
    case 'queue':
      return <ProjectQueue />;
    case 'active':
      return <ActiveProjects slots={MAIN_TICKETS} />;
    case 'pendingFinalPayment':
    case 'refused':
      return <ReadOnlyTab tab={tab} />;
    case 'completed':
      return <CompletedProjects slots={MAINTENANCE_TICKETS} />;
    case 'inbox':
      return <Inbox onUnread={onUnread} />;
  }
}

/**
 * At most two tabs are rendered: the one shown and one hidden in an Activity (rendered at low priority, its
 * effects paused). The hidden one is the tab just left, so going back is instant, or, once what it shows is
 * read and the browser is idle, Active Projects, where the admin goes first. Any other tab renders when opened,
 * so the page stays small whatever the counts.
 */
function DashboardTabs() {
  const { Tabs } = useOverlays();
  const [tab, setTab] = useState<Tab>('queue');
  const [warm, setWarm] = useState<Tab | null>(null);
  // Not before its reads are in: a hidden tab's effects are paused, store subscriptions included, so one
  // rendered earlier would stay on its loading state until shown, and render the whole board then.
  const activeRead = useFirstPageRead(ADMIN_TAB_VIEWS.active, 'main');
  useEffect(() => {
    if (activeRead) return whenIdle(() => setWarm((current) => current ?? 'active'));
  }, [activeRead]);
  const { counts } = useCounts();
  const [unread, setUnread] = useInboxUnread();
  const countOf = (key: Tab): number | undefined => {
    if (key === 'inbox') return unread ? unread.contact + unread.consultation : undefined;
    return counts?.[ADMIN_TAB_VIEWS[key]];
  };

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(details) => {
        setWarm(tab);
        setTab(details.value as Tab);
      }}
      variant="line"
    >
      <Tabs.List overflowX="auto" overflowY="hidden" flexWrap={{ base: 'nowrap' }}>
        {TAB_ORDER.map((key) => {
          const count = countOf(key);
          return (
            <Tabs.Trigger key={key} value={key} flexShrink={0}>
              {ADMIN_MESSAGES.tabs[key]}
              {count !== undefined ? (
                <>
                  <Badge
                    variant={key === 'inbox' && count > 0 ? 'solid' : 'subtle'}
                    colorPalette={key === 'inbox' && count > 0 ? 'blue' : undefined}
                    ms="1"
                    aria-hidden="true"
                  >
                    {count}
                  </Badge>
                  <VisuallyHidden>{`(${key === 'inbox' ? ADMIN_MESSAGES.inbox.tabCount(count) : ADMIN_MESSAGES.tabCount(count)})`}</VisuallyHidden>
                </>
              ) : null}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {TAB_ORDER.map((key) => (
        <Tabs.Content key={key} value={key} pt="5">
          {key === tab || key === warm ? (
            <Activity mode={key === tab ? 'visible' : 'hidden'}>
              <TabContent tab={key} onUnread={setUnread} />
            </Activity>
          ) : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
