import { SECOND_FACTOR_TEXT as TEXT } from '@agency/domain';
import { useAuthStore } from '@agency/auth';
import { Link as RouterLink } from '@agency/router';
import { Box, Button, Link, PageContainer, Stack, Text } from '@agency/ui';
import { Alert } from '@agency/ui/forms';

const ACCOUNT_SECURITY = '/account/security';

/**
 * Above the admin's dashboard: until two-factor sign-in is on, a prompt to set it up; then a link to the
 * account security screen. Nothing for clients.
 */
export function SecondFactorPrompt() {
  const role = useAuthStore((s) => s.role);
  const hasSecondFactor = useAuthStore((s) => s.hasSecondFactor);
  if (role !== 'ADMIN') return null;
  return (
    <PageContainer pt="4">
      {hasSecondFactor ? (
        <Box textAlign="end">
          <Link asChild fontSize="sm">
            <RouterLink to={ACCOUNT_SECURITY}>{TEXT.accountSecurityLink}</RouterLink>
          </Link>
        </Box>
      ) : (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" flex="1" align={{ md: 'center' }}>
            <Text flex="1">{TEXT.adminPrompt}</Text>
            <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start">
              <RouterLink to={ACCOUNT_SECURITY}>{TEXT.adminPromptAction}</RouterLink>
            </Button>
          </Stack>
        </Alert.Root>
      )}
    </PageContainer>
  );
}
