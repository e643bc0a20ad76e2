import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { needRole, retryRole, useAuthStore } from '@agency/auth';
import { renderHost } from '../../../testing/render-host';
import { DashboardPage } from './dashboard-page';
import { DASHBOARD_REMOTES } from '../../../app/route-table';
import { prefetchRemote } from '../../../lib/federation/api/remote-registry';

jest.mock('../../../lib/federation/components/remote-page', () => ({
  RemotePage: ({ remote, exposed }: { remote: string; exposed: string }) => (
    <p>
      remote {remote} {exposed}
    </p>
  ),
  useRemotePageReady: () => true,
}));

jest.mock('../../../lib/federation/api/remote-registry', () => ({ prefetchRemote: jest.fn() }));
jest.mock('@agency/auth', () => ({
  ...jest.requireActual('@agency/auth'),
  retryRole: jest.fn(),
  needRole: jest.fn(() => null),
}));

const user = { id: 'u', email: 'a@b.co', fullName: 'A' };

describe('DashboardPage', () => {
  beforeEach(() => jest.clearAllMocks());

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

  it('while the role loads, asks for it at once and starts loading the page of the role this user had last time', () => {
    jest.mocked(needRole).mockReturnValueOnce('ADMIN');
    renderHost(<DashboardPage remotes={DASHBOARD_REMOTES} />, {
      auth: { status: 'logged-in', user, roleLoading: true },
    });
    expect(needRole).toHaveBeenCalledTimes(1);
    expect(prefetchRemote).toHaveBeenCalledWith('admin_portal', './admin-dashboard');
  });

  it('with the role known, nothing is asked or prefetched', () => {
    renderHost(<DashboardPage remotes={DASHBOARD_REMOTES} />, {
      auth: { status: 'logged-in', user, role: 'CLIENT' },
    });
    expect(needRole).not.toHaveBeenCalled();
    expect(prefetchRemote).not.toHaveBeenCalled();
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
