import { screen } from '@testing-library/react';
import { renderRoute } from '../../../testing/render-route';
import ConsultationSuccessPage from './consultation-success-page';

describe('ConsultationSuccessPage', () => {
  it('gives the next steps, the 15-45 minute duration, the invite within 24 hours and the reference', () => {
    sessionStorage.setItem('consultationProjectId', 'project-42');
    renderRoute('/consultation-success', <ConsultationSuccessPage />, '/consultation-success');
    expect(screen.getByRole('heading', { level: 1, name: 'Consultation Requested!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Next Steps' })).toBeInTheDocument();
    expect(screen.getByText(/15-45 minutes/)).toBeInTheDocument();
    expect(screen.getByText(/calendar invite within 24 hours/)).toBeInTheDocument();
    expect(screen.getByText('project-42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
