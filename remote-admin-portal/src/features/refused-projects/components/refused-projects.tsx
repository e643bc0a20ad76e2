import { useState } from 'react';
import { REFUSED_PAGE_SIZE, type Project } from '@agency/domain';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { Button, HStack, IconButton, Stack, Text, useOverlays } from '@agency/ui';
import { ProjectSummary } from '../../../components/project-summary';

const P = ADMIN_MESSAGES.pagination;

/** Refused projects, 10 per page. */
export function RefusedProjects({ projects }: { projects: readonly Project[] }) {
  const { Pagination } = useOverlays();
  const [page, setPage] = useState(1);
  if (projects.length === 0) return <Text color="fg.muted">{ADMIN_MESSAGES.empty.refused}</Text>;
  const pages = Math.max(1, Math.ceil(projects.length / REFUSED_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = projects.slice((current - 1) * REFUSED_PAGE_SIZE, current * REFUSED_PAGE_SIZE);

  return (
    <Stack gap="4">
      {shown.map((project) => (
        <ProjectSummary key={project.id} project={project} />
      ))}
      {pages > 1 ? (
        <Pagination.Root
          as="nav"
          aria-label={P.label}
          count={projects.length}
          pageSize={REFUSED_PAGE_SIZE}
          page={current}
          onPageChange={(details) => setPage(details.page)}
        >
          <HStack gap="1" wrap="wrap" justify="center">
            <Pagination.PrevTrigger asChild>
              <IconButton size="sm" variant="outline" aria-label={P.previous}>
                <span aria-hidden="true">‹</span>
              </IconButton>
            </Pagination.PrevTrigger>
            <Pagination.Items
              render={(item) => (
                <Button
                  size="sm"
                  variant={item.value === current ? 'solid' : 'outline'}
                  aria-label={P.page(item.value)}
                >
                  {item.value}
                </Button>
              )}
            />
            <Pagination.NextTrigger asChild>
              <IconButton size="sm" variant="outline" aria-label={P.next}>
                <span aria-hidden="true">›</span>
              </IconButton>
            </Pagination.NextTrigger>
          </HStack>
        </Pagination.Root>
      ) : null}
    </Stack>
  );
}
