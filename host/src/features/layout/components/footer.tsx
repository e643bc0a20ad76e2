import { getAppConfig, hasAppConfig } from '@agency/app-config';
import { Link as RouterLink } from '@agency/router';
import { Box, Container, Link, Stack, Text } from '@agency/ui';
import { BRAND_NAME, SECTION_LINKS } from './nav-links';

/** Footer (spec section 2): section anchors, client login, terms, a contact address, the copyright line. */
export function Footer() {
  const contactEmail = hasAppConfig() ? getAppConfig().links.contactEmail : '';
  return (
    <Box as="footer" borderTopWidth="1px" py="10" mt="auto">
      <Container maxW="6xl">
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" justify="space-between">
          <Stack as="nav" aria-label="Footer" direction="row" gap="4" wrap="wrap">
            {SECTION_LINKS.map((link) => (
              <Link key={link.to} asChild>
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
            <Link asChild>
              <RouterLink to="/login">Client Login</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to="/terms-of-service">Terms of Service</RouterLink>
            </Link>
          </Stack>
          <Stack gap="1" fontSize="sm">
            {contactEmail && (
              <Text>
                Contact: <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
              </Text>
            )}
            <Text color="fg.muted">
              © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
            </Text>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
