import { toaster } from '@agency/ui';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { apiErrorMessage } from '@agency/auth/api';

export function toastSuccess(toast: { title: string; description?: string }) {
  toaster.create({ ...toast, type: 'success' });
}

/** A destructive toast with the server's message, or the spec's text for this action. */
export function toastError(error: unknown, fallback: string) {
  toaster.create({
    title: ADMIN_MESSAGES.errors.title,
    description: apiErrorMessage(error, fallback),
    type: 'error',
  });
}
