import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@agency/ui';
import { renderPage } from '../../../testing/render-page';
import { ContactForm } from './contact-form';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeEach(() => {
  toaster.remove();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const field = (name: string) => screen.getByRole('textbox', { name });
const sendButton = () => screen.getByRole('button', { name: /Send Message|Sending\.\.\./ });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First Name'), 'Ada');
  await user.type(field('Last Name'), 'Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Company (optional)'), 'Analytical Engines');
  await user.type(field('Project Details'), 'A booking app for my bakery.');
}

// jsdom has no fetch Response; the form reads only the status.
const reply = (status: number) => ({ ok: status >= 200 && status < 300, status }) as Response;

function deferredResponse() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

test('an empty form shows every required message, focuses the first field and sends nothing', async () => {
  const user = userEvent.setup();
  renderPage(<ContactForm />);
  await user.click(sendButton());
  expect(await screen.findByText('First name required')).toBeInTheDocument();
  expect(screen.getByText('Last name required')).toBeInTheDocument();
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(screen.getByText('Project details must be at least 10 characters')).toBeInTheDocument();
  expect(field('First Name')).toHaveFocus();
  expect(field('First Name')).toHaveAttribute('aria-invalid', 'true');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('names need at least 2 characters, the email a valid address, the details at least 10 characters', async () => {
  const user = userEvent.setup();
  renderPage(<ContactForm />);
  await user.type(field('First Name'), 'A');
  await user.type(field('Last Name'), 'B');
  await user.type(field('Email'), 'ada@example');
  await user.type(field('Project Details'), 'Too short');
  await user.tab();
  expect(await screen.findByText('First name required')).toBeInTheDocument();
  expect(screen.getByText('Last name required')).toBeInTheDocument();
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(screen.getByText('Project details must be at least 10 characters')).toBeInTheDocument();

  await user.type(field('First Name'), 'd');
  await user.type(field('Last Name'), 'e');
  await user.type(field('Email'), '.com');
  await user.type(field('Project Details'), '!');
  await waitFor(() => expect(screen.queryByText('First name required')).not.toBeInTheDocument());
  expect(screen.queryByText('Last name required')).not.toBeInTheDocument();
  expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  expect(screen.queryByText('Project details must be at least 10 characters')).not.toBeInTheDocument();
});

test('the company is optional', async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValue(reply(200));
  renderPage(<ContactForm />);
  await user.type(field('First Name'), 'Ada');
  await user.type(field('Last Name'), 'Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Project Details'), 'A booking app for my bakery.');
  await user.click(sendButton());
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
});

test('sending: the button reads Sending... and is disabled, then a success toast and an empty form', async () => {
  const user = userEvent.setup();
  const pending = deferredResponse();
  fetchMock.mockReturnValue(pending.promise);
  renderPage(<ContactForm />);
  await fillValid(user);
  await user.click(sendButton());

  await waitFor(() => expect(sendButton()).toHaveTextContent('Sending...'));
  expect(sendButton()).toBeDisabled();
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('http://api.test/api/contact-form');
  expect(init.method).toBe('POST');
  expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  expect(JSON.parse(String(init.body))).toEqual({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    projectDetails: 'A booking app for my bakery.',
  });

  pending.resolve(reply(200));
  const title = await screen.findByText('Message sent successfully!');
  const toast = title.closest<HTMLElement>('[data-scope="toast"][data-part="root"]')!;
  expect(toast).toHaveAttribute('data-type', 'success');
  expect(within(toast).getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
  await waitFor(() => expect(sendButton()).toHaveTextContent('Send Message'));
  expect(sendButton()).toBeEnabled();
  for (const name of ['First Name', 'Last Name', 'Email', 'Company (optional)', 'Project Details']) {
    expect(field(name)).toHaveValue('');
  }
});

test('a refused message shows the error toast and keeps what was typed', async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValue(reply(500));
  renderPage(<ContactForm />);
  await fillValid(user);
  await user.click(sendButton());
  const description = await screen.findByText('Failed to send message. Please try again.');
  const toast = description.closest<HTMLElement>('[data-scope="toast"][data-part="root"]')!;
  expect(toast).toHaveAttribute('data-type', 'error');
  expect(within(toast).getByText('Error')).toBeInTheDocument();
  expect(screen.queryByText('Message sent successfully!')).not.toBeInTheDocument();
  await waitFor(() => expect(sendButton()).toBeEnabled());
  expect(field('First Name')).toHaveValue('Ada');
});

test('a network failure shows the error toast', async () => {
  const user = userEvent.setup();
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  renderPage(<ContactForm />);
  await fillValid(user);
  await user.click(sendButton());
  expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
  await waitFor(() => expect(sendButton()).toHaveTextContent('Send Message'));
});

test('pressing Enter again while sending does not send a second message', async () => {
  const user = userEvent.setup();
  const pending = deferredResponse();
  fetchMock.mockReturnValue(pending.promise);
  renderPage(<ContactForm />);
  await fillValid(user);
  await user.click(sendButton());
  await waitFor(() => expect(sendButton()).toBeDisabled());
  await user.type(field('Email'), '{Enter}');
  pending.resolve(reply(200));
  expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('marks the required fields (name, e-mail, details) and not the optional company', () => {
  renderPage(<ContactForm />);
  for (const name of ['First Name', 'Last Name', 'Email', 'Project Details']) {
    const input = field(name);
    expect(input).toBeRequired();
    // The visible mark sits in the label, hidden from the accessible name (which the required state already says).
    const label = document.querySelector(`label[for="${input.id}"]`)!;
    expect(label).toHaveTextContent(`${name}*`);
    expect(within(label as HTMLElement).getByText('*')).toHaveAttribute('aria-hidden', 'true');
  }
  const company = field('Company (optional)');
  expect(company).not.toBeRequired();
  expect(document.querySelector(`label[for="${company.id}"]`)).not.toHaveTextContent('*');
});
