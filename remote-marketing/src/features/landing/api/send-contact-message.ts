import { getAppConfig } from '@agency/app-config';
import { getAccessToken } from '@agency/auth';
import { SITE_ROUTES } from '@agency/domain/routes/site';
import type { ContactFormRequest } from '@agency/domain/schemas/contact-form';

/**
 * POST /api/contact-form. Visitors send it anonymously; a signed-in user's own access token is attached
 * so the server can link the message to the account. Resolves on a 2xx answer; anything else, network
 * errors included, rejects so the form can show its failure toast.
 */
export async function sendContactMessage(message: ContactFormRequest): Promise<void> {
  const apiUrl = getAppConfig().apiUrl.replace(/\/+$/, '');
  const token = await getAccessToken();
  const response = await fetch(`${apiUrl}${SITE_ROUTES.contactForm.path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(message),
  });
  if (!response.ok) throw new Error(`Contact message not accepted (${response.status})`);
}
