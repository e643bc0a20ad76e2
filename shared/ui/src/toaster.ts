import { createToaster } from '@chakra-ui/react';

/** The one toast queue. Spec toasts are `{ title, description, type }`; 'error' is the destructive variant. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });
