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

  it('states the amount paid and a short reference to quote, from this tab’s purchase', () => {
    useAuthStore.setState({ status: 'logged-out', user: null });
    sessionStorage.setItem(
      'purchaseConfirmation',
      JSON.stringify({ amountDollars: 700, projectId: '0b8e0f0c-8d5e-4a8e-9d7c-6f0e4e7d2a11' }),
    );
    renderRoute('/purchase-success', <PurchaseSuccessPage />, '/purchase-success');
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Amount paid',
      'Your order reference',
    ]);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      '$700',
      '0B8E-0F0C',
    ]);
    expect(screen.getByText('Quote it if you contact us about this order.')).toBeInTheDocument();
    expect(screen.queryByText(/0b8e0f0c-8d5e/)).not.toBeInTheDocument();
    sessionStorage.clear();
  });

  it('without a project yet (the server had not answered), states the amount only', () => {
    useAuthStore.setState({ status: 'logged-out', user: null });
    sessionStorage.setItem('purchaseConfirmation', JSON.stringify({ amountDollars: 250, projectId: null }));
    renderRoute('/purchase-success', <PurchaseSuccessPage />, '/purchase-success');
    expect(screen.getByText('$250')).toBeInTheDocument();
    expect(screen.queryByText('Your order reference')).not.toBeInTheDocument();
    sessionStorage.clear();
  });

  it('offers the dashboard to a signed-in client', () => {
    useAuthStore.setState({ status: 'logged-in', user: { id: 'u1', email: 'a@b.test', fullName: 'A B' } });
    renderRoute('/purchase-success', <PurchaseSuccessPage />, '/purchase-success');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
