import { screen, within } from '@testing-library/react';
import { renderPage } from '../../../testing/render-page';
import TermsPage from './terms-page';

const renderTerms = () => renderPage(<TermsPage />, { path: '/terms-of-service' });
const sectionHeadings = () => screen.getAllByRole('heading', { level: 2, name: /^\d+\. / });

test('one h1, version 1.0 dated June 15, 2025', () => {
  renderTerms();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  expect(screen.getByText(/Version 1\.0/)).toBeInTheDocument();
  expect(screen.getByText('June 15, 2025')).toBeInTheDocument();
});

test('14 numbered sections, each a labelled region, listed in the contents', () => {
  renderTerms();
  const headings = sectionHeadings();
  expect(headings).toHaveLength(14);
  headings.forEach((heading, index) => expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\. `)));
  const contents = screen.getByRole('navigation', { name: 'Contents' });
  const entries = within(contents).getAllByRole('link');
  expect(entries).toHaveLength(14);
  entries.forEach((link, index) => {
    const target = document.getElementById(link.getAttribute('href')!.slice(1))!;
    expect(within(target).getByRole('heading', { level: 2 })).toBe(headings[index]);
  });
});

test('states the business rules of the price list', () => {
  renderTerms();
  const text = document.body.textContent!;
  expect(text).toContain('Basic Web App ($500, deposit $250)');
  expect(text).toContain('Standard Web App ($1,400, deposit $700)');
  expect(text).toContain('50% deposit');
  expect(text).toContain('The remaining 50% is due after we accept your project');
  expect(text).toContain('If we do not accept your project, we refund your deposit in full');
  expect(text).toContain('limited to 5 pages');
  expect(text).toContain('1 week of support');
  expect(text).toContain('1 month of support');
  expect(text).toContain('minimum term of 3 months');
  expect(text).toContain('60% of the monthly fee for each month of the minimum term that remains');
  expect(text).toContain('60% × 2 × $25,000 = $30,000');
  expect(text).toContain('ownership of the code');
  expect(text).toContain('hello@consultancy.test');
});
