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
});

function toScheduleConsultationRequestWithout(values: typeof EMPTY_CONSULTATION_FORM) {
  const { tier: _tier, ...rest } = toScheduleConsultationRequest('3', values);
  return rest;
}
