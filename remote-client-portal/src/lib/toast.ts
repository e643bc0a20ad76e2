import { toaster } from '@agency/ui';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';

export function toastSuccess(toast: { title: string; description?: string }) {
  toaster.create({ ...toast, type: 'success' });
}

/** A destructive toast with this message. */
export function toastError(description: string) {
  toaster.create({ title: CLIENT_MESSAGES.errors.title, description, type: 'error' });
}
