import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@agency/auth';
import { toaster } from '@agency/ui';
import { mockFetch, renderRoute, requestBody, setTestAppConfig } from '../../../testing/render-route';
import ConsultationPage from './consultation-page';

function renderConsultation(tierId: string) {
  return renderRoute('/consultation/:tierId', <ConsultationPage />, `/consultation/${tierId}`);
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: 'Schedule Consultation' });

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  { budget = 'under-5k', timeline = '2-3-months' } = {},
) {
  await user.type(field(/first name/i), 'Ada');
  await user.type(field(/last name/i), 'Lovelace');
  await user.type(field(/^email/i), 'ada@example.test');
  await user.type(field(/project description/i), 'Lead our platform rewrite');
  if (budget) await user.selectOptions(screen.getByRole('combobox', { name: /budget range/i }), budget);
  if (timeline) await user.selectOptions(screen.getByRole('combobox', { name: /timeline/i }), timeline);
  await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
}

beforeEach(() => {
  setTestAppConfig();
  sessionStorage.clear();
  useAuthStore.setState({ status: 'logged-out', user: null, role: null, roleFetchFailed: false });
});
afterEach(() => act(() => toaster.remove()));

describe('ConsultationPage: content', () => {
  it('tier 4 (Fractional CTO): a 45-minute session and the service details', () => {
    renderConsultation('4');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fractional CTO');
    const expect45 = screen.getByRole('region', { name: 'What to Expect' });
    expect(within(expect45).getByText('A 45-minute strategy session')).toBeInTheDocument();
    expect(within(expect45).getByText('Requirements analysis')).toBeInTheDocument();
    expect(within(expect45).getByText('A custom proposal and timeline')).toBeInTheDocument();
    expect(within(expect45).getByText('Q&A about your project')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Service Details' });
    for (const feature of [
      'Technical strategy',
      'Team leadership',
      'Architecture decisions',
      'Technology roadmap',
      'Vendor management',
      'Ongoing consultation',
    ]) {
      expect(within(details).getByText(feature)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/#services');
  });

  it('tier 3: a 30-minute session and its features', () => {
    renderConsultation('3');
    expect(screen.getByText('A 30-minute strategy session')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Service Details' })).getByText('API development'),
    ).toBeInTheDocument();
  });

  it('general: a 30-minute session and no service details', () => {
    renderConsultation('general');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('General Consultation');
    expect(screen.getByText('A 30-minute strategy session')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Service Details' })).not.toBeInTheDocument();
  });

  it.each([['1'], ['2'], ['nope']])("tier %s: 'Service Not Found' with a way home", (tierId) => {
    renderConsultation(tierId);
    expect(screen.getByRole('heading', { level: 1, name: 'Service Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('offers the budget and timeline values of the spec', () => {
    renderConsultation('4');
    const values = (name: RegExp) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value)
        .filter(Boolean);
    expect(values(/budget range/i)).toEqual(['under-5k', '5k-15k', '15k-50k', '50k-plus']);
    expect(values(/timeline/i)).toEqual(['asap', '1-month', '2-3-months', '6-months']);
  });
});

describe('ConsultationPage: validation', () => {
  it('keeps submit disabled until valid; company, date and time are optional', async () => {
    const user = userEvent.setup();
    renderConsultation('4');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await fillForm(user);
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it('shows every field message once the fields are left', async () => {
    const user = userEvent.setup();
    renderConsultation('3');
    for (const name of [/first name/i, /last name/i, /^email/i, /project description/i])
      await user.click(field(name));
    await user.click(screen.getByRole('combobox', { name: /budget range/i }));
    await user.click(screen.getByRole('combobox', { name: /timeline/i }));
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Project description is required')).toBeInTheDocument();
    expect(screen.getByText('Budget range is required')).toBeInTheDocument();
    expect(screen.getByText('Timeline is required')).toBeInTheDocument();

    await user.type(field(/^email/i), 'not-an-address');
    await user.type(field(/project description/i), '  short  ');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Project description must be at least 10 characters')).toBeInTheDocument();
  });

  it("without budget and timeline, submit says 'Please select both budget range and timeline.' and focuses the budget", async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderConsultation('4');
    await fillForm(user, { budget: '', timeline: '' });
    await user.click(submitButton());
    expect(await screen.findByText('Please select both budget range and timeline.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /budget range/i })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the budget and timeline toast away once the form is complete', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderConsultation('4');
    await fillForm(user, { budget: '', timeline: '' });
    await user.click(submitButton());
    expect(await screen.findByText('Please select both budget range and timeline.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /budget range/i }), 'under-5k');
    await user.selectOptions(screen.getByRole('combobox', { name: /timeline/i }), 'asap');
    await waitFor(() =>
      expect(screen.queryByText('Please select both budget range and timeline.')).not.toBeInTheDocument(),
    );
  });

  it('refuses a preferred date in the past with the server’s message and names the time zone', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderConsultation('3');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(`In your time zone (${zone})`)).toBeInTheDocument();
    await fillForm(user);
    await user.type(screen.getByLabelText(/preferred date/i), '2020-01-15');
    await user.tab();
    expect(await screen.findByText('Preferred date cannot be in the past')).toBeInTheDocument();
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(submitButton());
    expect(screen.getByLabelText(/preferred date/i)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without accepted terms nothing is sent and the checkbox says why', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderConsultation('4');
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /terms of service/i }));
    await user.click(submitButton());
    expect(await screen.findByText('You must accept the terms of service')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ConsultationPage: sending', () => {
  it('sends the request, keeps the project id in session storage and goes to /consultation-success', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const fetchMock = mockFetch({
      'POST /api/schedule-consultation': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderConsultation('4');
    await fillForm(user);
    await user.type(field(/company/i), 'Engines Ltd');
    await user.type(screen.getByLabelText(/preferred date/i), '2030-01-15');
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: /Scheduling\.\.\./ })).toBeDisabled();
    expect(requestBody(fetchMock, 'POST /api/schedule-consultation')).toEqual({
      tier: '4',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      company: 'Engines Ltd',
      projectDescription: 'Lead our platform rewrite',
      budget: 'under-5k',
      timeline: '2-3-months',
      preferredDate: '2030-01-15',
      // Whose clock the date is on: the browser's time zone goes with it.
      preferredTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      acceptedTerms: true,
    });
    await act(async () => answer({ body: { id: 'project-42' } }));
    expect(
      await screen.findByRole('heading', { name: 'Landed on /consultation-success' }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('consultationProjectId')).toBe('project-42');
  });

  it("says 'Failed to schedule consultation. Please try again.' when the server refuses, and can be sent again", async () => {
    mockFetch({
      'POST /api/schedule-consultation': () => ({
        status: 500,
        body: { error: 'Something went wrong. Please try again.' },
      }),
    });
    const user = userEvent.setup();
    renderConsultation('general');
    await fillForm(user);
    await user.click(submitButton());
    expect(await screen.findByText('Failed to schedule consultation. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).not.toBeDisabled());
    expect(sessionStorage.getItem('consultationProjectId')).toBeNull();
  });
});
