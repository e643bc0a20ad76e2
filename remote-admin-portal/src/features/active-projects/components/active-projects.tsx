import { useState, type ReactNode } from 'react';
import { finalPaymentFor, isFixedPriceTier, isSubscriptionTier, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, Flex, Stack, Text } from '@agency/ui';
import { apiClient } from '@agency/auth/api';
import { CancelProjectDialog } from '../../../components/cancel-project-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditProjectButton } from '../../../components/edit-project-button';
import { ProjectList } from '../../../components/project-list';
import { ProjectPicker } from '../../../components/project-picker';
import { ProjectSummary } from '../../../components/project-summary';
import { useSelection, usePortalCache, useProject, useProjectPage } from '@agency/portal';
import { toastError, toastSuccess } from '../../../lib/toast';

const A = ADMIN_MESSAGES.actions;
const C = ADMIN_MESSAGES.complete;

/** What the app puts in from the tickets feature: a project's main board and its Add Ticket button. */
export interface ActiveProjectSlots {
  board: (project: Project) => ReactNode;
  addTicket: (project: Project) => ReactNode;
}

/** Pick an active project, run its main board, add tickets, cancel or complete it (after confirming). */
export function ActiveProjects({ slots }: { slots: ActiveProjectSlots }) {
  const state = useProjectPage('active', 'active');
  const [selected, select] = useSelection('active');
  return (
    <ProjectList label={ADMIN_MESSAGES.tabs.active} state={state} emptyText={ADMIN_MESSAGES.empty.active}>
      {(ids) => {
        const projectId = selected && ids.includes(selected) ? selected : ids[0]!;
        return (
          <Stack gap="5">
            <ProjectPicker ids={ids} value={projectId} onChange={select} />
            <ActiveProject key={projectId} id={projectId} slots={slots} />
          </Stack>
        );
      }}
    </ProjectList>
  );
}

function ActiveProject({ id, slots }: { id: string; slots: ActiveProjectSlots }) {
  const project = useProject(id);
  if (!project) return null;
  return (
    <>
      <ProjectSummary
        project={project}
        actions={<ActiveActions project={project} addTicket={slots.addTicket(project)} />}
      />
      {slots.board(project)}
    </>
  );
}

function completeBody(project: Project): string {
  const tier = project.tier ?? 0;
  if (isFixedPriceTier(tier))
    return C.fixedBody(project.title, finalPaymentFor(tier, project.final_payment_amount) ?? 0);
  if (isSubscriptionTier(tier)) return C.subscriptionBody(project.title);
  return C.otherBody(project.title);
}

function ActiveActions({ project, addTicket }: { project: Project; addTicket: ReactNode }) {
  const portal = usePortalCache();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [confirmComplete, setConfirmComplete] = useState(false);
  const [completing, setCompleting] = useState(false);

  const complete = async () => {
    setCompleting(true);
    try {
      await portal.changeProject(project.id, () =>
        apiClient().completeProject({ body: { projectId: project.id } }),
      );
      toastSuccess(
        isFixedPriceTier(project.tier ?? 0)
          ? ADMIN_MESSAGES.toasts.markedForFinalPayment
          : ADMIN_MESSAGES.toasts.completed,
      );
      setConfirmComplete(false);
    } catch (error) {
      toastError(error, ADMIN_MESSAGES.errors.complete);
    } finally {
      setCompleting(false);
    }
  };

  return (
    <Flex gap="2" wrap="wrap" align="flex-start">
      {addTicket}
      <EditProjectButton project={project} />
      <Button size="sm" colorPalette="blue" onClick={() => setConfirmComplete(true)} aria-haspopup="dialog">
        {A.completeProject}
      </Button>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        onClick={() => setCancelOpen(true)}
        aria-haspopup="dialog"
      >
        {A.cancelProject}
      </Button>
      <ConfirmDialog
        open={confirmComplete}
        onOpenChange={setConfirmComplete}
        title={C.title}
        confirmLabel={C.confirm}
        busyLabel={C.completing}
        busy={completing}
        onConfirm={() => void complete()}
        palette="blue"
      >
        <Text>{completeBody(project)}</Text>
      </ConfirmDialog>
      <CancelProjectDialog project={project} open={cancelOpen} onOpenChange={setCancelOpen} />
    </Flex>
  );
}
