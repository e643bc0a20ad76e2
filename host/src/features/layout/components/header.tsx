import { Link as RouterLink } from '@agency/router';
import { useAuthStore } from '@agency/auth';
import { Box, Button, Container, Flex, HStack, Link } from '@agency/ui';

// First cut of the header; the host-shell issue (#5) completes it (mobile menu, logout, brand scroll).
export function Header() {
  const status = useAuthStore((s) => s.status);
  const role = useAuthStore((s) => s.role);
  const loggedIn = status === 'logged-in';
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Container maxW="6xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Link asChild fontWeight="bold" fontSize="lg">
            <RouterLink to="/">Agency</RouterLink>
          </Link>
          <HStack as="nav" aria-label="Main" gap="6">
            <Link href="/#services">Services</Link>
            <Link href="/#about">About</Link>
            <Link href="/#contact">Contact</Link>
          </HStack>
          <HStack gap="2">
            <Button asChild size="sm" variant="outline">
              <RouterLink to={loggedIn ? '/dashboard' : '/login'}>
                {loggedIn && role === 'ADMIN' ? 'Admin Dashboard' : 'Dashboard'}
              </RouterLink>
            </Button>
            {!loggedIn && (
              <Button asChild size="sm" colorPalette="blue">
                <RouterLink to="/login">Login</RouterLink>
              </Button>
            )}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
