import { screen } from '@testing-library/react';
import { renderPage } from '../../../testing/render-page';
import PrivacyPage from './privacy-page';

test('one h1, the date it was last updated, and a labelled region per section', () => {
  renderPage(<PrivacyPage />, { path: '/privacy-policy' });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  expect(screen.getByText('November 23, 2026')).toHaveAttribute('dateTime', '2026-11-23');
  for (const title of [
    'What We Collect',
    'Cookies, Local Storage and Advertising',
    'Your Rights',
    'Contact',
  ]) {
    expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
  }
  expect(document.body.textContent).toContain('hello@consultancy.test');
});

test('without a pixel it says the site uses no trackers', () => {
  renderPage(<PrivacyPage />, { path: '/privacy-policy' });
  expect(screen.getByText('This site uses no advertising or analytics trackers.')).toBeInTheDocument();
  expect(document.body.textContent).not.toContain('Meta advertising pixel');
});

test('with a pixel it explains the consent and where to change it', () => {
  renderPage(<PrivacyPage />, { path: '/privacy-policy', config: { pixelId: '123456' } });
  const text = document.body.textContent!;
  expect(text).toContain('With your consent only, we use the Meta advertising pixel');
  expect(text).toContain('nothing is sent to Meta');
  expect(text).toContain('Privacy choices at the bottom of every page');
});
