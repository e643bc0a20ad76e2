import { Button, HStack, Text } from '@agency/ui';
import type { ProjectPageState } from '../use-portal';

/** The pager's texts, in the portal's words. */
export interface ListPagerTexts {
  previous: string;
  next: string;
  pagesLabel: (list: string) => string;
  pageStatus: (page: number, pages: number, total: number) => string;
}

/** Previous / Next through a keyset-paged list, with where we are; hidden when everything fits on one page. */
export function ListPager({
  label,
  state,
  texts,
}: {
  label: string;
  state: ProjectPageState;
  texts: ListPagerTexts;
}) {
  if (!state.hasNext && !state.hasPrevious) return null;
  return (
    <HStack as="nav" aria-label={texts.pagesLabel(label)} gap="3" justify="center" wrap="wrap">
      <Button size="sm" variant="outline" onClick={state.previous} disabled={!state.hasPrevious}>
        <span aria-hidden="true">‹ </span>
        {texts.previous}
      </Button>
      <Text fontSize="sm" aria-live="polite">
        {texts.pageStatus(state.page, state.pageCount, state.total)}
      </Text>
      <Button size="sm" variant="outline" onClick={state.next} disabled={!state.hasNext}>
        {texts.next}
        <span aria-hidden="true"> ›</span>
      </Button>
    </HStack>
  );
}
