import { Link as RouterLink } from '@agency/router';
import { Button, Container, Heading, Stack, Text } from '@agency/ui';

export function NotFoundPage() {
  return (
    <Container maxW="lg" py="24">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="4xl">
          404
        </Heading>
        <Text fontSize="xl">Oops! Page not found</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
