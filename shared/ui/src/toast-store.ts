import { createToaster } from '@chakra-ui/react';

/** The toast queue itself; loaded with the first toast (see toaster.ts). */
export const toastStore = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });
