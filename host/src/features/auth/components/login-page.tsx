import { Container, Heading } from '@agency/ui';

// Replaced by the host-shell issue (#5): tabs Login / Sign Up and the forgot-password dialog.
export function LoginPage() {
  return (
    <Container maxW="md" py="16">
      <Heading as="h1">Login</Heading>
    </Container>
  );
}
