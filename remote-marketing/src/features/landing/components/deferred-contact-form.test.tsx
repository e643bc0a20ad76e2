import { screen } from '@testing-library/react';
import { renderPage } from '../../../testing/render-page';
import { DeferredContactForm } from './deferred-contact-form';

// Stands in for a form chunk that fails to load (network error, remote redeployed mid-visit).
jest.mock('./contact-form', () => ({
  ContactForm: () => {
    throw new Error('Loading chunk failed');
  },
}));

test('when the form cannot load, the visitor is offered the e-mail address instead of a broken page', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  renderPage(<DeferredContactForm />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The form could not be loaded.');
  expect(screen.getByRole('link', { name: 'hello@consultancy.test' })).toHaveAttribute(
    'href',
    'mailto:hello@consultancy.test',
  );
  consoleError.mockRestore();
});
