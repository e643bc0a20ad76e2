import { createContext, memo, use, useState, type ReactNode } from 'react';
import {
  CLIENT_TAB_VIEWS,
  formatUsd,
  isAwaitingClientApproval,
  REFUSED_PAGE_SIZE,
  type ClientProjectTab,
  type Project,
} from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { hasFailedRenewal, hasPaymentHistory } from '@agency/domain/payment-history';
import { Badge, Button, Stack, Text, useOverlays, VisuallyHidden } from '@agency/ui';
import { ProjectCard, type CardBoard } from '../../../components/project-card';
import { ProjectList } from '../../../components/project-list';
import { AgreementDownloadButton, useCounts, useProject, useProjectPage, PAGE_SIZE } from '@agency/portal';
import { getAppConfig } from '@agency/app-config';
import { finalPaymentOf, paidDeposit } from '../../../lib/project-view';
import { toastError } from '../../../lib/toast';
import { RenewalFailedAlert } from './renewal-failed-alert';
import type { DashboardDialog } from '../types';

const m = CLIENT_MESSAGES;
/** Rejected projects, 10 per page (spec section 2). */
export const REJECTED_PAGE_SIZE = REFUSED_PAGE_SIZE;
export const TAB_ORDER: ClientProjectTab[] = ['pending', 'active', 'completed', 'rejected', 'finalPayment'];

export interface CardActions {
  openDialog: (dialog: DashboardDialog) => void;
  onCancelActive: (project: Project) => void;
  /** The project whose penalty is being checked (its Cancel button shows busy). */
  checkingPenaltyFor: string | null;
  /** What is coming for a project (a subscription's next charge), from the billing feature (the app composes it). */
  upcomingNote?: ((project: Project) => ReactNode) | undefined;
}

const ActionsContext = createContext<CardActions | null>(null);

/**
 * The five client tabs; which project goes where is the server's view of the same name (CLIENT_TAB_VIEWS), one
 * page at a time, with the tab's count from GET /api/project-counts.
 */
export function ProjectTabs(actions: CardActions) {
  const { Tabs } = useOverlays();
  const [tab, setTab] = useState<ClientProjectTab>('pending');
  const { counts } = useCounts();
  return (
    <ActionsContext value={actions}>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => setTab(details.value as ClientProjectTab)}
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List overflowX="auto" overflowY="hidden" flexWrap={{ base: 'nowrap' }} maxW="full">
          {TAB_ORDER.map((key) => {
            const count = counts?.[CLIENT_TAB_VIEWS[key]];
            return (
              <Tabs.Trigger key={key} value={key} flexShrink={0}>
                {m.tabs[key]}
                {count !== undefined && count > 0 ? (
                  <>
                    <Badge variant="subtle" ms="1" aria-hidden="true">
                      {count}
                    </Badge>
                    <VisuallyHidden>{`(${m.tabCount(count)})`}</VisuallyHidden>
                  </>
                ) : null}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {TAB_ORDER.map((key) => (
          <Tabs.Content key={key} value={key} pt="5">
            <TabList tab={key} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </ActionsContext>
  );
}

function TabList({ tab }: { tab: ClientProjectTab }) {
  const state = useProjectPage(
    tab,
    CLIENT_TAB_VIEWS[tab],
    tab === 'rejected' ? REJECTED_PAGE_SIZE : PAGE_SIZE,
  );
  return (
    <ProjectList label={m.tabs[tab]} state={state} emptyText={m.empty[tab]}>
      {(ids) => (
        <Stack gap="4">
          {ids.map((id) => (
            <ProjectItem key={id} id={id} tab={tab} />
          ))}
        </Stack>
      )}
    </ProjectList>
  );
}

/** One card: re-renders when its own project changes, not when another does. */
const ProjectItem = memo(function ProjectItem({ id, tab }: { id: string; tab: ClientProjectTab }) {
  const project = useProject(id);
  const actions = use(ActionsContext)!;
  return project ? <>{RENDERERS[tab](project, actions)}</> : null;
});

/** Every card offers its activity and payments; a failed renewal shows above the card's own note. */
function card(
  project: Project,
  { openDialog, upcomingNote }: CardActions,
  actions?: ReactNode,
  extra: { note?: ReactNode; boards?: readonly CardBoard[] } = {},
) {
  const signed = project.signed_version ? (
    <AgreementDownloadButton
      apiUrl={getAppConfig().apiUrl}
      projectId={project.id}
      onError={(message) => toastError(message)}
    />
  ) : null;
  const failedRenewal = hasFailedRenewal(project) ? (
    <RenewalFailedAlert
      project={project}
      onUpdateCard={(amountDue) => openDialog({ kind: 'updateCard', project, amountDue })}
    />
  ) : null;
  const upcoming = upcomingNote?.(project);
  return (
    <ProjectCard
      project={project}
      actions={
        <>
          {actions}
          {signed}
          {hasPaymentHistory(project) ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => openDialog({ kind: 'payments', project })}
              aria-haspopup="dialog"
            >
              {m.actions.payments}
            </Button>
          ) : null}
        </>
      }
      note={
        failedRenewal || extra.note || upcoming ? (
          <>
            {failedRenewal}
            {extra.note}
            {upcoming}
          </>
        ) : undefined
      }
      boards={extra.boards}
    />
  );
}

/**
 * A finished project keeps its history: the main board as delivered and, once completed, its maintenance board;
 * a cancelled one, its main board as it was left.
 */
function finishedBoards(project: Project): CardBoard[] {
  if (project.cancelled) return [{ type: 'main' }];
  if (project.status === 'completed') return [{ type: 'main', delivered: true }, { type: 'maintenance' }];
  return [{ type: 'main', delivered: true }];
}

const RENDERERS: Record<ClientProjectTab, (project: Project, actions: CardActions) => ReactNode> = {
  pending: (project, actions) => {
    const { openDialog } = actions;
    const awaiting = isAwaitingClientApproval(project);
    return card(
      project,
      actions,
      <>
        {awaiting ? (
          <>
            <Button
              size="sm"
              colorPalette="green"
              onClick={() => openDialog({ kind: 'approve', project })}
              aria-haspopup="dialog"
            >
              {m.actions.approve}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => openDialog({ kind: 'refuse', project })}
              aria-haspopup="dialog"
            >
              {m.actions.refuse}
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          colorPalette="red"
          onClick={() => openDialog({ kind: 'cancelPending', project })}
          aria-haspopup="dialog"
        >
          {m.actions.cancelRequest}
        </Button>
      </>,
      {
        note: (
          <>
            {awaiting ? <Text fontSize="sm">{m.project.awaitingNote}</Text> : null}
            <Text fontSize="sm" color="fg.muted">
              {m.project.choices(awaiting, paidDeposit(project))}
            </Text>
          </>
        ),
      },
    );
  },
  active: (project, actions) =>
    card(
      project,
      actions,
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        loading={actions.checkingPenaltyFor === project.id}
        loadingText={m.actions.checkingPenalty}
        onClick={() => actions.onCancelActive(project)}
        aria-haspopup="dialog"
      >
        {m.actions.cancelProject}
      </Button>,
      { boards: [{ type: 'main' }] },
    ),
  completed: (project, actions) => card(project, actions, undefined, { boards: finishedBoards(project) }),
  rejected: (project, actions) => card(project, actions),
  finalPayment: (project, actions) =>
    card(
      project,
      actions,
      <Button
        size="sm"
        colorPalette="brand"
        onClick={() => actions.openDialog({ kind: 'finalPayment', project })}
        aria-haspopup="dialog"
      >
        {m.actions.payFinal(finalPaymentOf(project))}
      </Button>,
      {
        note: (
          <Text fontSize="sm" fontWeight="medium">
            {m.project.finalPaymentDue}: {formatUsd(finalPaymentOf(project))}
          </Text>
        ),
        boards: finishedBoards(project),
      },
    ),
};
