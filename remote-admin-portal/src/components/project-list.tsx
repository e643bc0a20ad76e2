import { useState, type ReactNode } from 'react';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, Center, Spinner, Stack, Text } from '@agency/ui';
import { Alert } from '@agency/ui/forms';
import { type ProjectPageState } from '@agency/portal';
import { ListPager } from './list-pager';
import { ListToolbar } from './list-toolbar';

const L = ADMIN_MESSAGES.list;

interface Props {
  /** The tab's name, for the search group and the pages' navigation. */
  label: string;
  state: ProjectPageState;
  /** Shown when the view holds nothing (no search narrowing it). */
  emptyText: string;
  /** What sits between the search and the list (the project picker of a board tab). */
  children: (ids: readonly string[]) => ReactNode;
}

/** A list tab: search, tier and order, one page of projects (server-side), and the pages. */
export function ProjectList({ label, state, emptyText, children }: Props) {
  // Once shown, the search stays while a new answer loads (it would lose what is being typed).
  const [toolsShown, setToolsShown] = useState(false);
  const showTools = toolsShown || state.total > 0 || state.filtered || state.hasPrevious;
  if (showTools && !toolsShown) setToolsShown(true);
  return (
    <Stack gap="4">
      {showTools ? <ListToolbar label={label} filters={state.filters} onChange={state.setFilters} /> : null}
      {state.status === 'loading' ? (
        <Center py="8" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text>{L.loading}</Text>
        </Center>
      ) : state.status === 'error' ? (
        <Alert.Root status="error" role="alert" flexWrap="wrap" gap="3">
          <Alert.Indicator />
          <Alert.Title flex="1">{L.loadFailed}</Alert.Title>
          <Button size="sm" variant="outline" onClick={state.retry}>
            {L.retry}
          </Button>
        </Alert.Root>
      ) : state.ids.length === 0 ? (
        <Text color="fg.muted">{state.filtered ? L.noMatches : emptyText}</Text>
      ) : (
        children(state.ids)
      )}
      <ListPager label={label} state={state} />
    </Stack>
  );
}
