import { createToaster } from '@chakra-ui/react';

/**
 * The toast queue itself; loaded with the first toast (see toaster.ts). Toasts stack at the bottom end of the
 * screen: at the top they covered the sticky header's account buttons.
 */
export const toastStore = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 4 });
