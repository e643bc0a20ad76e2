import { Box, Button, Heading, PageContainer, SimpleGrid, Stack, Text } from '@agency/ui';
import { hydrateWhenReached } from '../../../components/hydrate-when-near';
import { HeroIllustration } from './hero-illustration';

/** The hero's words: text only, as the server rendered it. */
function HeroCopy() {
  return (
    <Stack id="hero-copy" gap="6">
      <Text
        fontWeight="semibold"
        color="brand.fg"
        textTransform="uppercase"
        letterSpacing="wider"
        fontSize="sm"
      >
        Senior software consultancy
      </Text>
      <Heading
        as="h1"
        id="hero-heading"
        size={{ base: '4xl', md: '5xl', xl: '6xl' }}
        lineHeight="1.05"
        letterSpacing="tight"
      >
        Turning Ideas into Digital Solutions
      </Heading>
      <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
        Senior software engineering for founders and growing teams: from a polished website to a full web
        application, or fractional technical leadership when you need it.
      </Text>
    </Stack>
  );
}

/** The hero's picture, as the server rendered it. */
function HeroArt() {
  return (
    <Box id="hero-art" maxW={{ base: 'md', lg: 'none' }} mx={{ base: 'auto', lg: '0' }} w="full">
      <HeroIllustration />
    </Box>
  );
}

// Never changes after the server rendered it: not hydrated at load (its HTML and styles stay), only once the
// visitor reaches into it. The buttons hydrate at once.
const StaticHeroCopy = hydrateWhenReached(HeroCopy, 'hero-copy');
const StaticHeroArt = hydrateWhenReached(HeroArt, 'hero-art');

export function HeroSection() {
  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      bgGradient="to-b"
      gradientFrom="brand.subtle"
      gradientTo="bg"
      py={{ base: '12', md: '20' }}
      overflow="hidden"
    >
      <PageContainer>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '12' }} alignItems="center">
          <Stack gap="6">
            <StaticHeroCopy />
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="lg" colorPalette="brand">
                <a href="#services">View Services</a>
              </Button>
              <Button asChild size="lg" variant="outline" colorPalette="brand" bg="bg">
                <a href="#about">Learn More</a>
              </Button>
            </Stack>
          </Stack>
          <StaticHeroArt />
        </SimpleGrid>
      </PageContainer>
    </Box>
  );
}
