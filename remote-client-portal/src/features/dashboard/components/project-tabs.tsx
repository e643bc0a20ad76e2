import { useState, type ReactNode } from 'react';
import {
  CLIENT_PROJECT_TABS,
  formatUsd,
  isAwaitingClientApproval,
  type ClientProjectTab,
  type Project,
  type Ticket,
} from '@agency/domain';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { hasFailedRenewal, hasPaymentHistory } from '@agency/domain/payment-history';
import { Button, HStack, IconButton, Stack, Text, useOverlays } from '@agency/ui';
import { ProjectCard } from '../../../components/project-card';
import { RenewalFailedAlert } from '../../billing/components/renewal-failed-alert';
import { finalPaymentOf } from '../../../lib/project-view';
import type { DashboardDialog } from '../types';

const m = CLIENT_MESSAGES;
export const REJECTED_PAGE_SIZE = 10;
export const TAB_ORDER: ClientProjectTab[] = ['pending', 'active', 'completed', 'rejected', 'finalPayment'];

interface ProjectTabsProps {
  projects: Project[];
  tickets: Ticket[];
  openDialog: (dialog: DashboardDialog) => void;
  onCancelActive: (project: Project) => void;
  /** The project whose penalty is being checked (its Cancel button shows busy). */
  checkingPenaltyFor: string | null;
}

/** The five client tabs; which project goes where comes from the shared predicates (CLIENT_PROJECT_TABS). */
export function ProjectTabs({
  projects,
  tickets,
  openDialog,
  onCancelActive,
  checkingPenaltyFor,
}: ProjectTabsProps) {
  const { Tabs } = useOverlays();
  const [tab, setTab] = useState<ClientProjectTab>('pending');
  const lists = Object.fromEntries(
    TAB_ORDER.map((key) => [key, projects.filter(CLIENT_PROJECT_TABS[key])]),
  ) as Record<ClientProjectTab, Project[]>;
  const ticketsOf = (project: Project) => tickets.filter((t) => t.project_id === project.id);

  /** Every card offers its payments; a failed renewal shows above the card's own note. */
  const card = (
    project: Project,
    actions?: ReactNode,
    extra: Partial<Parameters<typeof ProjectCard>[0]> = {},
  ) => {
    const { note, ...rest } = extra;
    const failedRenewal = hasFailedRenewal(project) ? (
      <RenewalFailedAlert
        project={project}
        onUpdateCard={(amountDue) => openDialog({ kind: 'updateCard', project, amountDue })}
      />
    ) : null;
    return (
      <ProjectCard
        key={project.id}
        project={project}
        actions={
          actions || hasPaymentHistory(project) ? (
            <>
              {actions}
              {hasPaymentHistory(project) ? (
                <Button size="sm" variant="outline" onClick={() => openDialog({ kind: 'payments', project })}>
                  {m.actions.payments}
                </Button>
              ) : null}
            </>
          ) : undefined
        }
        note={
          failedRenewal || note ? (
            <>
              {failedRenewal}
              {note}
            </>
          ) : undefined
        }
        {...rest}
      />
    );
  };

  const renderers: Record<ClientProjectTab, (project: Project) => ReactNode> = {
    pending: (project) => {
      const awaiting = isAwaitingClientApproval(project);
      return card(
        project,
        <>
          {awaiting ? (
            <>
              <Button size="sm" colorPalette="green" onClick={() => openDialog({ kind: 'approve', project })}>
                {m.actions.approve}
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => openDialog({ kind: 'refuse', project })}
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
          >
            {m.actions.cancelRequest}
          </Button>
        </>,
        awaiting ? { note: <Text fontSize="sm">{m.project.awaitingNote}</Text> } : {},
      );
    },
    active: (project) =>
      card(
        project,
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          loading={checkingPenaltyFor === project.id}
          loadingText={m.actions.checkingPenalty}
          onClick={() => onCancelActive(project)}
        >
          {m.actions.cancelProject}
        </Button>,
        { board: { type: 'main', tickets: ticketsOf(project) } },
      ),
    completed: (project) =>
      card(
        project,
        undefined,
        project.cancelled ? {} : { board: { type: 'maintenance', tickets: ticketsOf(project) } },
      ),
    rejected: (project) => card(project),
    finalPayment: (project) =>
      card(
        project,
        <Button size="sm" colorPalette="brand" onClick={() => openDialog({ kind: 'finalPayment', project })}>
          {m.actions.payFinal(finalPaymentOf(project))}
        </Button>,
        {
          note: (
            <Text fontSize="sm" fontWeight="medium">
              {m.project.finalPaymentDue}: {formatUsd(finalPaymentOf(project))}
            </Text>
          ),
        },
      ),
  };

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(details) => setTab(details.value as ClientProjectTab)}
      variant="line"
      lazyMount
    >
      <Tabs.List overflowX="auto" overflowY="hidden" flexWrap={{ base: 'nowrap' }} maxW="full">
        {TAB_ORDER.map((key) => (
          <Tabs.Trigger key={key} value={key} flexShrink={0}>
            {m.tabs[key]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TAB_ORDER.map((key) => (
        <Tabs.Content key={key} value={key} pt="5">
          {lists[key].length === 0 ? (
            <Text color="fg.muted">{m.empty[key]}</Text>
          ) : key === 'rejected' ? (
            <PaginatedList projects={lists[key]} render={renderers[key]} />
          ) : (
            <Stack gap="4">{lists[key].map(renderers[key])}</Stack>
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function PaginatedList({
  projects,
  render,
}: {
  projects: Project[];
  render: (project: Project) => ReactNode;
}) {
  const { Pagination } = useOverlays();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(projects.length / REJECTED_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = projects.slice((current - 1) * REJECTED_PAGE_SIZE, current * REJECTED_PAGE_SIZE);
  return (
    <Stack gap="4">
      {shown.map(render)}
      {pages > 1 ? (
        <Pagination.Root
          count={projects.length}
          pageSize={REJECTED_PAGE_SIZE}
          page={current}
          onPageChange={(details) => setPage(details.page)}
          aria-label={m.pagination.label}
          translations={{
            prevTriggerLabel: m.pagination.previous,
            nextTriggerLabel: m.pagination.next,
            itemLabel: ({ page: n }) => m.pagination.page(n),
          }}
        >
          <HStack gap="1" wrap="wrap">
            <Pagination.PrevTrigger asChild>
              <IconButton variant="outline" size="sm">
                ‹
              </IconButton>
            </Pagination.PrevTrigger>
            <Pagination.Items
              render={(item) => (
                <IconButton variant={{ base: 'ghost', _selected: 'outline' }} size="sm">
                  {item.value}
                </IconButton>
              )}
            />
            <Pagination.NextTrigger asChild>
              <IconButton variant="outline" size="sm">
                ›
              </IconButton>
            </Pagination.NextTrigger>
          </HStack>
        </Pagination.Root>
      ) : null}
    </Stack>
  );
}
