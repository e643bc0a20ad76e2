import { useQuery } from '@tanstack/react-query';
import { describeActivity, type ActivityEntry, type ActivityViewer, type Project } from '@agency/domain';
import { PORTAL_MESSAGES } from '@agency/domain/messages/portal';
import { Box, Center, Spinner, Stack, Text, useOverlays } from '@agency/ui';
import { DialogButton } from './dialog-button';
import { apiClient } from '@agency/auth/api';
import { dateTime } from '../date-time';
import { portalKeys } from '../portal-data';
import { LoadFailed } from './load-failed';

const A = PORTAL_MESSAGES.activity;
const statusName = (status: string) => A.statuses[status] ?? status;

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; events: ActivityEntry[] };

/** Activity: the project's history from the event log (who, what, when, from → to), kept current while open. */
export function ActivityButton({ project, viewer }: { project: Project; viewer: ActivityViewer }) {
  return (
    <DialogButton size="sm" label={A.open}>
      {(close) => <ActivityDialog project={project} viewer={viewer} onClose={close} />}
    </DialogButton>
  );
}

export function ActivityDialog({
  project,
  viewer,
  onClose,
}: {
  project: Project;
  viewer: ActivityViewer;
  onClose: () => void;
}) {
  const { DialogShell } = useOverlays();
  // Marked stale by every live change of the project: read again while open.
  const { data, isError, isFetching, refetch } = useQuery({
    queryKey: portalKeys.activity(project.id),
    queryFn: ({ signal }) =>
      apiClient()
        .projectEvents({ params: { id: project.id } }, { signal })
        .then(({ events }) => events),
    staleTime: 0,
  });
  const state: Loaded = data
    ? { status: 'ready', events: data }
    : isError && !isFetching
      ? { status: 'error' }
      : { status: 'loading' };

  return (
    <DialogShell
      title={A.title(project.title)}
      onClose={onClose}
      size="lg"
      closeLabel={PORTAL_MESSAGES.close}
    >
      <ActivityList
        viewer={viewer}
        projectTitle={project.title}
        state={state}
        onRetry={() => void refetch()}
      />
    </DialogShell>
  );
}

function ActivityList({
  viewer,
  projectTitle,
  state,
  onRetry,
}: {
  viewer: ActivityViewer;
  projectTitle: string;
  state: Loaded;
  onRetry: () => void;
}) {
  if (state.status === 'loading') {
    return (
      <Center py="6" gap="3" role="status">
        <Spinner size="sm" aria-hidden />
        <Text>{A.loading}</Text>
      </Center>
    );
  }
  if (state.status === 'error') {
    return <LoadFailed title={A.loadFailed} retryLabel={A.retry} onRetry={onRetry} />;
  }
  if (state.events.length === 0) return <Text color="fg.muted">{A.empty}</Text>;
  return (
    <Stack as="ol" aria-label={A.listLabel(projectTitle)} gap="0" listStyleType="none" m="0" p="0">
      {state.events.map((entry) => (
        <Box
          as="li"
          key={entry.id}
          borderStartWidth="2px"
          borderColor="border.emphasized"
          ps="4"
          pb="4"
          position="relative"
        >
          <Text fontWeight="medium">{describeActivity(entry, viewer)}</Text>
          {entry.from && entry.to && entry.from !== entry.to ? (
            <Text fontSize="sm">{A.statusChange(statusName(entry.from), statusName(entry.to))}</Text>
          ) : null}
          <Text fontSize="xs" color="fg.muted">
            <time dateTime={entry.at}>{dateTime(entry.at)}</time>
            {entry.actorName ? ` · ${A.by(entry.actorName)}` : null}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
