import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { retryRole, useAuthStore } from '@agency/auth';
import { renderHost } from '../../../testing/render-host';
import { DashboardPage } from './dashboard-page';
import { DASHBOARD_REMOTES } from '../../../app/route-table';

jest.mock('../../../lib/federation/components/remote-page', () => ({
  RemotePage: ({ remote, exposed }: { remote: string; exposed: string }) => (
    <p>
      remote {remote} {exposed}
    </p>
  ),
}));

jest.mock('@agency/auth', () => ({ ...jest.requireActual('@agency/auth'), retryRole: jest.fn() }));

const user = { id: 'u', email: 'a@b.co', fullName: 'A' };

describe('DashboardPage', () => {
  it('shows Loading... while the role loads', () => {
    renderHost(<DashboardPage remotes={DASHBOARD_REMOTES} />, {
      auth: { status: 'logged-in', user, roleLoading: true },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows the waking-up message when the role fetch failed, and asks again on Try again', async () => {
    renderHost(<DashboardPage remotes={DASHBOARD_REMOTES} />, {
      auth: { status: 'logged-in', user, roleLoading: true, roleFetchFailed: true },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Waking up server... This may take a few seconds on first load.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retryRole).toHaveBeenCalledTimes(1);
  });

  it('loads only the admin remote for ADMIN', () => {
    renderHost(<DashboardPage remotes={DASHBOARD_REMOTES} />, {
      auth: { status: 'logged-in', user, role: 'ADMIN' },
    });
    expect(screen.getByText('remote admin_portal ./admin-dashboard')).toBeInTheDocument();
  });

  it('loads only the client remote otherwise', () => {
    renderHost(<DashboardPage remotes={DASHBOARD_REMOTES} />, {
      auth: { status: 'logged-in', user, roleLoading: true },
    });
    act(() => useAuthStore.setState({ role: 'CLIENT', roleLoading: false }));
    expect(screen.getByText('remote client_portal ./client-dashboard')).toBeInTheDocument();
    expect(screen.queryByText(/admin_portal/)).not.toBeInTheDocument();
  });
});
