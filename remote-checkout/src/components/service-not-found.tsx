import { Button, Container, Heading, Stack, Text } from '@agency/ui';
import { Link as RouterLink } from '@agency/router';

/** Shown for an address whose tier cannot be bought or consulted here. */
export function ServiceNotFound({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action: string;
}) {
  return (
    <Container maxW="xl" py={{ base: '12', md: '20' }}>
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{description}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">{action}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
