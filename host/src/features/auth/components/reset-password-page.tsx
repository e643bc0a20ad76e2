import { Container, Heading } from '@agency/ui';

// Replaced by the host-shell issue (#5).
export function ResetPasswordPage() {
  return (
    <Container maxW="md" py="16">
      <Heading as="h1">Reset password</Heading>
    </Container>
  );
}
