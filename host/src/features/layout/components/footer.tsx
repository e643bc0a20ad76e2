import { Link as RouterLink } from '@agency/router';
import { Box, Container, Link, Stack, Text } from '@agency/ui';

// First cut of the footer; the host-shell issue (#5) completes it.
export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" py="10" mt="auto">
      <Container maxW="6xl">
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" justify="space-between">
          <Stack as="nav" aria-label="Footer" direction="row" gap="4" wrap="wrap">
            <Link href="/#services">Services</Link>
            <Link href="/#about">About</Link>
            <Link href="/#contact">Contact</Link>
            <Link asChild>
              <RouterLink to="/login">Client Login</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to="/terms-of-service">Terms of Service</RouterLink>
            </Link>
          </Stack>
          <Text color="fg.muted">© {new Date().getFullYear()} Agency. All rights reserved.</Text>
        </Stack>
      </Container>
    </Box>
  );
}
