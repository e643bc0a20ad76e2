import { useState, type ReactNode } from 'react';
import { Center, Spinner, Stack, Text } from '@agency/ui';
import type { ProjectPageState } from '../use-portal';
import { ListPager, type ListPagerTexts } from './list-pager';
import { ListToolbar, type ListToolbarTexts } from './list-toolbar';
import { LoadFailed } from './load-failed';

/** The list's texts and tier choices, in the portal's words. */
export type ProjectListTexts = ListToolbarTexts &
  ListPagerTexts & { loading: string; loadFailed: string; retry: string; noMatches: string };

interface Props {
  /** The tab's name, for the search group and the pages' navigation. */
  label: string;
  state: ProjectPageState;
  /** Shown when the view holds nothing (no search narrowing it). */
  emptyText: string;
  texts: ProjectListTexts;
  /** What sits between the search and the list (the project picker of a board tab). */
  children: (ids: readonly string[]) => ReactNode;
}

/** A list tab: search, tier and order, one page of projects (server-side), and the pages. */
export function ProjectList({ label, state, emptyText, texts: L, children }: Props) {
  // Once shown, the search stays while a new answer loads (it would lose what is being typed).
  const [toolsShown, setToolsShown] = useState(false);
  const showTools = toolsShown || state.total > 0 || state.filtered || state.hasPrevious;
  if (showTools && !toolsShown) setToolsShown(true);
  return (
    <Stack gap="4">
      {showTools ? (
        <ListToolbar label={label} filters={state.filters} onChange={state.setFilters} texts={L} />
      ) : null}
      {state.status === 'loading' ? (
        <Center py="8" gap="3" role="status">
          <Spinner size="sm" aria-hidden />
          <Text>{L.loading}</Text>
        </Center>
      ) : state.status === 'error' ? (
        <LoadFailed title={L.loadFailed} retryLabel={L.retry} onRetry={state.retry} />
      ) : state.ids.length === 0 ? (
        <Text color="fg.muted">{state.filtered ? L.noMatches : emptyText}</Text>
      ) : (
        children(state.ids)
      )}
      <ListPager label={label} state={state} texts={L} />
    </Stack>
  );
}
