import { lazy, Suspense, useState } from 'react';
import { ADMIN_MESSAGES } from '@agency/domain/messages/admin-portal';
import { loadChangePasswordForm, logout, useAuthStore } from '@agency/auth';
import { useNavigate } from '@agency/router';
import { Box, Button, Flex, Heading, Spinner, Text, useOverlays } from '@agency/ui';
import { NotificationsBell } from '../features/notifications/components/notifications-bell';
import { ConversationHost, EmailSettingsButton, LiveStatus } from '@agency/portal';

const ChangePasswordForm = lazy(() =>
  loadChangePasswordForm().then((m) => ({ default: m.ChangePasswordForm })),
);

/** Title, the admin's e-mail, whether updates are live, the bell, Profile (change password) and Logout (then back to /). */
export function DashboardHeader() {
  const { DialogShell } = useOverlays();
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const [profileOpen, setProfileOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
      navigate('/');
    }
  };

  return (
    <Flex
      gap="4"
      justify="space-between"
      align={{ base: 'flex-start', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
    >
      <Box minW="0">
        <Heading as="h1" size="2xl">
          {ADMIN_MESSAGES.title}
        </Heading>
        <Text color="fg.muted">
          {user?.email
            ? `${user.fullName ? `${user.fullName} · ` : ''}${user.email}`
            : ADMIN_MESSAGES.subtitle}
        </Text>
        <LiveStatus />
      </Box>
      <Flex gap="2" wrap="wrap">
        <NotificationsBell />
        <EmailSettingsButton />
        <ConversationHost viewer="admin" />
        <Button variant="outline" onClick={() => setProfileOpen(true)} aria-haspopup="dialog">
          {ADMIN_MESSAGES.profile}
        </Button>
        {profileOpen ? (
          <DialogShell onClose={() => setProfileOpen(false)} title={ADMIN_MESSAGES.profileTitle}>
            {user ? (
              <Text mb="4" color="fg.muted">
                {user.email}
              </Text>
            ) : null}
            <Suspense fallback={<Spinner size="sm" />}>
              <ChangePasswordForm onSuccess={() => setProfileOpen(false)} />
            </Suspense>
          </DialogShell>
        ) : null}
        <Button
          variant="outline"
          colorPalette="red"
          onClick={onLogout}
          disabled={loggingOut}
          aria-busy={loggingOut}
        >
          {ADMIN_MESSAGES.logout}
        </Button>
      </Flex>
    </Flex>
  );
}
