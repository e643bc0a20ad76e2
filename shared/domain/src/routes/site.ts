import type { RouteEntry } from '../route';

/** The public site's forms: a contact message and a consultation request. */
export const SITE_ROUTES = {
  contactForm: {
    method: 'POST',
    path: '/api/contact-form',
    access: 'public',
    projectScoped: false,
    feature: 'core',
    body: 'contactFormSchema',
    response: {} as { ok: true },
  },
  scheduleConsultation: {
    method: 'POST',
    path: '/api/schedule-consultation',
    access: 'public',
    projectScoped: false,
    feature: 'core',
    body: 'scheduleConsultationSchema',
    response: {} as { id: string },
  },
} as const satisfies Record<string, RouteEntry>;
