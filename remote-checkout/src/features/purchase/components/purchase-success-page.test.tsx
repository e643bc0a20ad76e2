import { screen } from '@testing-library/react';
import { useAuthStore } from '@agency/auth';
import { renderRoute } from '../../../testing/render-route';
import PurchaseSuccessPage from './purchase-success-page';

describe('PurchaseSuccessPage', () => {
  it('says review within 24-48 hours, start within 3-5 business days and 50% paid', () => {
    useAuthStore.setState({ status: 'logged-out', user: null });
    renderRoute('/purchase-success', <PurchaseSuccessPage />, '/purchase-success');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText(/within 24-48 hours/)).toBeInTheDocument();
    expect(screen.getByText(/within 3-5 business days/)).toBeInTheDocument();
    expect(screen.getByText(/paid 50%/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
  });

  it('offers the dashboard to a signed-in client', () => {
    useAuthStore.setState({ status: 'logged-in', user: { id: 'u1', email: 'a@b.test', fullName: 'A B' } });
    renderRoute('/purchase-success', <PurchaseSuccessPage />, '/purchase-success');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
