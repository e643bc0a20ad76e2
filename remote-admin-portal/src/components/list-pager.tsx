import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, HStack, Text } from '@agency/ui';
import { type ProjectPageState } from '@agency/portal';

const P = ADMIN_MESSAGES.pagination;
const L = ADMIN_MESSAGES.list;

/** Previous / Next through a keyset-paged list, with where we are; hidden when everything fits on one page. */
export function ListPager({ label, state }: { label: string; state: ProjectPageState }) {
  if (!state.hasNext && !state.hasPrevious) return null;
  return (
    <HStack as="nav" aria-label={L.pagesLabel(label)} gap="3" justify="center" wrap="wrap">
      <Button size="sm" variant="outline" onClick={state.previous} disabled={!state.hasPrevious}>
        <span aria-hidden="true">‹ </span>
        {P.previous}
      </Button>
      <Text fontSize="sm" aria-live="polite">
        {L.pageStatus(state.page, state.pageCount, state.total)}
      </Text>
      <Button size="sm" variant="outline" onClick={state.next} disabled={!state.hasNext}>
        {P.next}
        <span aria-hidden="true"> ›</span>
      </Button>
    </HStack>
  );
}
