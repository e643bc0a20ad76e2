/** @jest-environment jsdom */
import '../../../tools/jest/setup-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '@agency/domain';
import { UiProvider } from '@agency/ui';
import { fakePortalApi } from '../../../tools/jest/fake-portal-api';
import { projectFixture } from '../../../tools/jest/project-fixture';
import { setTestAppConfig } from '../../../tools/jest/test-utils';
import { ListPager } from './components/list-pager';
import { createPortalClient } from './portal-data';
import { PortalProvider, useProjectPage } from './use-portal';

beforeEach(() => setTestAppConfig());

const aProject = (n: number): Project =>
  projectFixture({
    id: `p${n}`,
    title: `Request ${n}`,
    created_at: new Date(Date.UTC(2026, 0, n)).toISOString(),
  });

function PendingPages() {
  const state = useProjectPage('pending', 'pending');
  return (
    <>
      <ul>
        {state.ids.map((id) => (
          <li key={id}>{id}</li>
        ))}
      </ul>
      <ListPager
        label="Pending"
        state={state}
        texts={{
          previous: 'Previous page',
          next: 'Next page',
          pagesLabel: (list) => `${list} pages`,
          pageStatus: (page, pages, total) => `Page ${page} of ${pages} (${total} projects)`,
        }}
      />
    </>
  );
}

it("a later page of a list tells the whole list's count, which the server gives with the first page only", async () => {
  fakePortalApi({ projects: Array.from({ length: 13 }, (_, i) => aProject(i + 1)) });
  const client = createPortalClient();
  const user = userEvent.setup();
  render(
    <UiProvider>
      <PortalProvider client={client}>
        <PendingPages />
      </PortalProvider>
    </UiProvider>,
  );
  const nav = await screen.findByRole('navigation', { name: 'Pending pages' });
  expect(within(nav).getByText('Page 1 of 2 (13 projects)')).toBeInTheDocument();
  await user.click(within(nav).getByRole('button', { name: /Next page/ }));
  expect(await within(nav).findByText('Page 2 of 2 (13 projects)')).toBeInTheDocument();
  expect(screen.getAllByRole('listitem')).toHaveLength(3);
  client.clear();
});
