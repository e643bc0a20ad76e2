import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@agency/ui';

export function HeroSection() {
  return (
    <Box as="section" aria-labelledby="hero-heading" bg="blue.subtle" py={{ base: '14', md: '24' }}>
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="12" alignItems="center">
          <Stack gap="6">
            <Heading as="h1" id="hero-heading" size={{ base: '4xl', md: '5xl' }} lineHeight="1.1" letterSpacing="tight">
              Turning Ideas into Digital Solutions
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              Senior software engineering for founders and growing teams: from a polished website to a full web
              application, or fractional technical leadership when you need it.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="lg" colorPalette="blue">
                <a href="#services">View Services</a>
              </Button>
              <Button asChild size="lg" variant="outline" colorPalette="blue">
                <a href="#about">Learn More</a>
              </Button>
            </Stack>
          </Stack>
          <HeroIllustration />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** A decorative browser window drawn in SVG: sized up front so nothing shifts, no image request. */
function HeroIllustration() {
  return (
    <Box display={{ base: 'none', lg: 'block' }} aria-hidden="true" color="blue.solid">
      <svg viewBox="0 0 480 320" width="480" height="320" style={{ width: '100%', height: 'auto' }} focusable="false">
        <rect x="8" y="8" width="464" height="304" rx="16" fill="white" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
        <path d="M8 24a16 16 0 0 1 16-16h432a16 16 0 0 1 16 16v24H8z" fill="currentColor" fillOpacity="0.1" />
        <circle cx="32" cy="28" r="6" fill="#ef4444" />
        <circle cx="52" cy="28" r="6" fill="#f59e0b" />
        <circle cx="72" cy="28" r="6" fill="#22c55e" />
        <rect x="40" y="80" width="180" height="16" rx="8" fill="currentColor" fillOpacity="0.8" />
        <rect x="40" y="108" width="240" height="10" rx="5" fill="currentColor" fillOpacity="0.25" />
        <rect x="40" y="126" width="200" height="10" rx="5" fill="currentColor" fillOpacity="0.25" />
        <rect x="40" y="156" width="96" height="28" rx="8" fill="currentColor" />
        <rect x="300" y="76" width="140" height="112" rx="12" fill="currentColor" fillOpacity="0.12" />
        <path d="m330 160 26-34 20 24 14-16 26 26z" fill="currentColor" fillOpacity="0.45" />
        <rect x="40" y="216" width="120" height="64" rx="10" fill="currentColor" fillOpacity="0.08" />
        <rect x="180" y="216" width="120" height="64" rx="10" fill="currentColor" fillOpacity="0.08" />
        <rect x="320" y="216" width="120" height="64" rx="10" fill="currentColor" fillOpacity="0.08" />
      </svg>
    </Box>
  );
}
