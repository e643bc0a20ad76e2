import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { toastStore } from './toast-store';

// The default recipe dims the description and the close icon (opacity 0.8, 60%): white on the red or green
// solid then measured under 4.5:1. Full strength here.
const recipe = {
  ...toastSlotRecipe,
  base: {
    ...toastSlotRecipe.base,
    description: { ...toastSlotRecipe.base?.description, opacity: '1' },
    closeTrigger: { ...toastSlotRecipe.base?.closeTrigger, color: 'currentColor' },
  },
};

/** Renders the toast queue; loaded on first toast (see ui-provider.tsx). */
export default function ToastRegion() {
  return (
    <Portal>
      <ChakraToaster toaster={toastStore} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} recipe={recipe}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable !== false && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
