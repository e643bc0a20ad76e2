import type { ReactNode } from 'react';
import { Box, Card, Center, Container, Heading, List, Stack, Text } from '@agency/ui';

/** The confirmation pages: a check mark, the heading, an intro, a numbered list of next steps and actions. */
export function SuccessLayout(props: {
  heading: string;
  intro: string;
  stepsHeading: string;
  steps: readonly string[];
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Container maxW="2xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6" align="stretch">
        <Center>
          <Box
            aria-hidden="true"
            bg="green.subtle"
            color="green.fg"
            borderRadius="full"
            boxSize="16"
            display="grid"
            placeItems="center"
            fontSize="3xl"
          >
            ✓
          </Box>
        </Center>
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {props.heading}
          </Heading>
          <Text color="fg.muted">{props.intro}</Text>
        </Stack>
        <Card.Root as="section" aria-labelledby="next-steps-heading">
          <Card.Body gap="3">
            <Heading as="h2" size="md" id="next-steps-heading">
              {props.stepsHeading}
            </Heading>
            <List.Root as="ol" gap="2" ps="5">
              {props.steps.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List.Root>
            {props.children}
          </Card.Body>
        </Card.Root>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
          {props.actions}
        </Stack>
      </Stack>
    </Container>
  );
}
