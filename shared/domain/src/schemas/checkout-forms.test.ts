import {
  consultationFormSchema,
  EMPTY_CONSULTATION_FORM,
  toScheduleConsultationRequest,
} from './consultation-form';
import { scheduleConsultationSchema } from './consultation';
import { EMPTY_PURCHASE_FORM, purchaseFormSchema, purchaseToastFor } from './purchase-form';

const purchase = {
  ...EMPTY_PURCHASE_FORM,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  projectDescription: 'An engine for numbers',
  acceptedTerms: true,
};

async function errorsOf(
  schema: { validate: (v: unknown, o: object) => Promise<unknown> },
  values: unknown,
): Promise<string[]> {
  try {
    await schema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('purchase form', () => {
  it('accepts complete details; company is optional', async () => {
    expect(await errorsOf(purchaseFormSchema, purchase)).toEqual([]);
  });

  it.each([
    [{ firstName: '  ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'ada@example' }, 'Please enter a valid email address'],
    [{ projectDescription: '' }, 'Project description is required'],
    [{ projectDescription: '   123456789   ' }, 'Project description must be at least 10 characters'],
    [{ acceptedTerms: false }, 'You must accept the terms of service'],
  ])('%j → %s', async (change, message) => {
    expect(await errorsOf(purchaseFormSchema, { ...purchase, ...change })).toContain(message);
  });

  it('names the toast of the spec, first missing information, then the e-mail, then the description', () => {
    expect(purchaseToastFor(purchase)).toBeUndefined();
    expect(purchaseToastFor({ ...purchase, lastName: ' ', email: 'bad' })).toEqual({
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
    });
    expect(purchaseToastFor({ ...purchase, email: 'bad', projectDescription: '' })).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address.',
    });
    expect(purchaseToastFor({ ...purchase, projectDescription: ' 123456789 ' })).toEqual({
      title: 'Project Description Required',
      description: 'Please provide a brief description of your project (minimum 10 characters).',
    });
  });
});

describe('consultation form', () => {
  const consultation = { ...EMPTY_CONSULTATION_FORM, ...purchase, budget: '15k-50k', timeline: 'asap' };

  it.each([
    [{ budget: '' }, 'Budget range is required'],
    [{ budget: 'a-million' }, 'Budget range is required'],
    [{ timeline: '' }, 'Timeline is required'],
    [{ projectDescription: 'short' }, 'Project description must be at least 10 characters'],
    [{ acceptedTerms: false }, 'You must accept the terms of service'],
  ])('%j → %s', async (change, message) => {
    expect(
      await errorsOf(
        consultationFormSchema,
        toScheduleConsultationRequestWithout({ ...consultation, ...change }),
      ),
    ).toContain(message);
  });

  it('builds a request the API schema accepts, trimmed, without empty optional fields', async () => {
    const request = toScheduleConsultationRequest('4', {
      ...consultation,
      firstName: ' Ada ',
      company: '  ',
    });
    expect(request).toEqual({
      tier: '4',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      projectDescription: 'An engine for numbers',
      budget: '15k-50k',
      timeline: 'asap',
      acceptedTerms: true,
    });
    expect(await errorsOf(scheduleConsultationSchema, request)).toEqual([]);
  });

  describe('the preferred date and time: never in the past where the sender is', () => {
    // 2026-03-10 01:30 UTC: still March 9 in New York (UTC-4), already March 10 in Tokyo (UTC+9).
    beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-10T01:30:00Z') }));
    afterEach(() => jest.useRealTimers());
    const slot = (date: string, time: string, zone?: string) =>
      errorsOf(scheduleConsultationSchema, {
        ...toScheduleConsultationRequest('3', consultation),
        preferredDate: date,
        ...(time && { preferredTime: time }),
        ...(zone && { preferredTimeZone: zone }),
      });

    it('refuses a past date and a time already passed today, in the sender’s own time zone', async () => {
      expect(await slot('2026-03-09', '', 'Asia/Tokyo')).toEqual(['Preferred date cannot be in the past']);
      expect(await slot('2026-03-09', '', 'America/New_York')).toEqual([]);
      // 21:30 there now.
      expect(await slot('2026-03-09', '22:00', 'America/New_York')).toEqual([]);
      expect(await slot('2026-03-09', '21:00', 'America/New_York')).toEqual([
        'Preferred time has already passed today',
      ]);
      // 10:30 there now.
      expect(await slot('2026-03-10', '11:00', 'Asia/Tokyo')).toEqual([]);
      expect(await slot('2026-03-10', '10:29', 'Asia/Tokyo')).toEqual([
        'Preferred time has already passed today',
      ]);
    });

    it('without a time zone (older releases) judges by the last place the day is still today', async () => {
      expect(await slot('2026-03-09', '')).toEqual([]);
      expect(await slot('2026-03-08', '')).toEqual(['Preferred date cannot be in the past']);
    });

    it('refuses what is not a date, a time or a time zone', async () => {
      expect(await slot('2026-02-30', '')).toEqual(['Please enter a valid date']);
      expect(await slot('next tuesday', '')).toEqual(['Please enter a valid date']);
      expect(await slot('2026-04-01', '25:00')).toEqual(['Please enter a valid time']);
      expect(await slot('2026-04-01', '', 'Mars/Olympus_Mons')).toEqual(['Unknown time zone']);
    });

    it('the form sends the browser’s time zone with a date or a time, and not without', () => {
      const values = { ...consultation, preferredTimeZone: 'Europe/Berlin' };
      expect(toScheduleConsultationRequest('3', values).preferredTimeZone).toBeUndefined();
      expect(toScheduleConsultationRequest('3', { ...values, preferredDate: '2026-04-01' })).toMatchObject({
        preferredDate: '2026-04-01',
        preferredTimeZone: 'Europe/Berlin',
      });
    });
  });
});

function toScheduleConsultationRequestWithout(values: typeof EMPTY_CONSULTATION_FORM) {
  const { tier: _tier, ...rest } = toScheduleConsultationRequest('3', values);
  return rest;
}
