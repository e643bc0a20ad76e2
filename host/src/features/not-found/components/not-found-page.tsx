import { Link as RouterLink } from '@agency/router';
import { Button, Heading, Stack, Text, PageContainer } from '@agency/ui';

export function NotFoundPage() {
  return (
    <PageContainer py="24">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="4xl">
          404
        </Heading>
        <Text fontSize="xl">Oops! Page not found</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      </Stack>
    </PageContainer>
  );
}
