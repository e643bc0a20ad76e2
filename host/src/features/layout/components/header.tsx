import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { AUTH_TEXT } from '@agency/domain';
import { Link as RouterLink, useLocation, useNavigate } from '@agency/router';
import { Box, Button, Container, Flex, HStack, IconButton, Link, Stack } from '@agency/ui';
import { BRAND_NAME, SECTION_LINKS } from './nav-links';
import { useAuthEntries } from './use-auth-entries';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

function AccountButtons({ onNavigate, stacked }: { onNavigate?: () => void; stacked?: boolean }) {
  const { loggedIn, loggingOut, dashboardLabel, dashboardTo, onLogout } = useAuthEntries();
  const width = stacked ? 'full' : undefined;
  return (
    <>
      {loggedIn ? (
        <Button
          size="sm"
          variant="ghost"
          w={width}
          disabled={loggingOut}
          aria-busy={loggingOut}
          onClick={() => {
            onNavigate?.();
            void onLogout();
          }}
        >
          {AUTH_TEXT.logout}
        </Button>
      ) : (
        <Button asChild size="sm" variant={stacked ? 'outline' : 'ghost'} w={width}>
          <RouterLink to="/login" onClick={onNavigate}>
            {AUTH_TEXT.login}
          </RouterLink>
        </Button>
      )}
      <Button asChild size="sm" colorPalette="blue" w={width}>
        <RouterLink to={dashboardTo} onClick={onNavigate}>
          {dashboardLabel}
        </RouterLink>
      </Button>
    </>
  );
}

/** Sticky header: brand, section links, account buttons; below md a disclosure menu with the same entries. */
export function Header() {
  const location = useLocation();
  const navigate = useNavigate();
  // The menu is open for the route it was opened on, so any navigation closes it.
  const routeKey = `${location.pathname}${location.hash}`;
  const [openOnRoute, setOpenOnRoute] = useState<string | null>(null);
  const menuOpen = openOnRoute === routeKey;
  const setMenuOpen = (open: boolean) => setOpenOnRoute(open ? routeKey : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOnRoute(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const onBrandClick = (event: MouseEvent<HTMLAnchorElement>) => {
    setMenuOpen(false);
    if (location.pathname !== '/') return;
    event.preventDefault();
    if (location.hash) navigate('/', { replace: true });
    window.scrollTo({ top: 0 });
  };
  const closeMenu = () => setMenuOpen(false);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Link
        href="#main"
        position="absolute"
        left="2"
        top="-16"
        _focus={{ top: '2' }}
        bg="bg"
        px="3"
        py="2"
        zIndex="skipLink"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </Link>
      <Container maxW="6xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Link asChild fontWeight="bold" fontSize="lg">
            <RouterLink to="/" onClick={onBrandClick}>
              {BRAND_NAME}
            </RouterLink>
          </Link>
          <HStack as="nav" aria-label="Main" gap="6" hideBelow="md">
            {SECTION_LINKS.map((link) => (
              <Link key={link.to} asChild>
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
          </HStack>
          <HStack gap="2" hideBelow="md">
            <AccountButtons />
          </HStack>
          <IconButton
            ref={menuButton}
            hideFrom="md"
            variant="ghost"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <MenuIcon open={menuOpen} />
          </IconButton>
        </Flex>
      </Container>
      <Box id={menuId} hidden={!menuOpen} hideFrom="md" borderTopWidth="1px" bg="bg" pb="4">
        <Container maxW="6xl">
          <Stack as="nav" aria-label="Mobile" gap="1" py="2">
            {SECTION_LINKS.map((link) => (
              <Link key={link.to} asChild py="2">
                <RouterLink to={link.to} onClick={closeMenu}>
                  {link.label}
                </RouterLink>
              </Link>
            ))}
          </Stack>
          <Stack gap="2">
            <AccountButtons onNavigate={closeMenu} stacked />
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
