import { lazy, Suspense } from 'react';
import { CLIENT_MESSAGES } from '@agency/domain/messages/client-portal';
import { loadChangePasswordForm, useAuthStore } from '@agency/auth';
import { Box, Button, Heading, Spinner, Stack, Text, useOverlays } from '@agency/ui';

const m = CLIENT_MESSAGES.profile;

// The shared change-password form from @agency/auth, loaded with this dialog (it brings formik).
const ChangePasswordForm = lazy(() =>
  loadChangePasswordForm().then((module) => ({ default: module.ChangePasswordForm })),
);

/** Name, e-mail and the change-password form. */
export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const { DialogShell } = useOverlays();
  const user = useAuthStore((s) => s.user);
  return (
    <DialogShell
      title={m.title}
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          {CLIENT_MESSAGES.actions.close}
        </Button>
      }
    >
      <Stack gap="5">
        <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1">
          <Text as="dt" fontWeight="medium">
            {m.name}
          </Text>
          <Text as="dd" wordBreak="break-word">
            {user?.fullName}
          </Text>
          <Text as="dt" fontWeight="medium">
            {m.email}
          </Text>
          <Text as="dd" wordBreak="break-word">
            {user?.email}
          </Text>
        </Box>
        <Stack gap="3">
          <Heading as="h3" size="sm">
            {m.changePassword}
          </Heading>
          <Suspense fallback={<Spinner size="sm" aria-label={m.loading} />}>
            <ChangePasswordForm onSuccess={onClose} />
          </Suspense>
        </Stack>
      </Stack>
    </DialogShell>
  );
}
