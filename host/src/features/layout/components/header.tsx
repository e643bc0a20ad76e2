import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { AUTH_TEXT } from '@agency/domain';
import { Link as RouterLink, useLocation, useNavigate } from '@agency/router';
import {
  Box,
  BrandLogo,
  brand,
  Button,
  Flex,
  HStack,
  IconButton,
  Link,
  PageContainer,
  Stack,
  useHydrated,
} from '@agency/ui';
import { SECTION_LINKS } from './nav-links';
import { useAuthEntries, type AuthEntries } from './use-auth-entries';
import { SIGNED_IN_ATTRIBUTE } from '../utils/session-hint';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

type AccountButtonProps = { onNavigate?: () => void; stacked?: boolean };

/**
 * Login/Logout and Dashboard. Before the page is hydrated, the server's HTML holds both the signed-out and the
 * signed-in pair, and the document's session hint (see session-hint.ts) shows the right one, so a signed-in
 * visitor's first paint is already signed in; once hydrated, only the pair for the auth state is rendered.
 */
function AccountButtons(props: AccountButtonProps) {
  const entries = useAuthEntries();
  const hydrated = useHydrated();
  if (hydrated) return <AccountButtonPair {...props} entries={entries} />;
  const hint = `html[${SIGNED_IN_ATTRIBUTE}] &`;
  return (
    <>
      <Box display="contents" css={{ [hint]: { display: 'none' } }}>
        <AccountButtonPair {...props} entries={entries} />
      </Box>
      <Box display="none" css={{ [hint]: { display: 'contents' } }}>
        <AccountButtonPair {...props} entries={{ ...entries, ...entries.signedIn }} />
      </Box>
    </>
  );
}

function AccountButtonPair({ onNavigate, stacked, entries }: AccountButtonProps & { entries: AuthEntries }) {
  const { loggedIn, loggingOut, dashboardLabel, dashboardTo, onLogout } = entries;
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
      <Button asChild size="sm" colorPalette="brand" w={width}>
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
      <PageContainer>
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Link asChild fontWeight="bold" fontSize="lg" letterSpacing="tight" gap="2.5" textDecoration="none">
            <RouterLink to="/" onClick={onBrandClick}>
              <BrandLogo size={28} />
              {brand.name}
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
      </PageContainer>
      <Box id={menuId} hidden={!menuOpen} hideFrom="md" borderTopWidth="1px" bg="bg" pb="4">
        <PageContainer>
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
        </PageContainer>
      </Box>
    </Box>
  );
}
