import { Container, Heading } from '@agency/ui';

// Placeholder until this remote's issue builds the page.
export default function PurchaseSuccessPage() {
  return (
    <Container maxW="6xl" py="16">
      <Heading as="h1">Payment successful</Heading>
    </Container>
  );
}
