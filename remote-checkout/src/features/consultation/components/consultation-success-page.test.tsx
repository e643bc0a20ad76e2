import { screen } from '@testing-library/react';
import { renderRoute } from '../../../testing/render-route';
import ConsultationSuccessPage from './consultation-success-page';

describe('ConsultationSuccessPage', () => {
  it('gives the next steps, the 15-45 minute duration, the invite within 24 hours and the reference', () => {
    sessionStorage.setItem('consultationProjectId', '9f3c2a1b-4d5e-4a8e-9d7c-6f0e4e7d2a11');
    renderRoute('/consultation-success', <ConsultationSuccessPage />, '/consultation-success');
    expect(screen.getByRole('heading', { level: 1, name: 'Consultation Requested!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Next Steps' })).toBeInTheDocument();
    expect(screen.getByText(/15-45 minutes/)).toBeInTheDocument();
    expect(screen.getByText(/calendar invite within 24 hours/)).toBeInTheDocument();
    // A short reference a person can quote, not the raw id.
    expect(screen.getByText('Your request reference')).toBeInTheDocument();
    expect(screen.getByText('9F3C-2A1B')).toBeInTheDocument();
    expect(screen.queryByText(/9f3c2a1b-4d5e/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
