import { Card, Heading, List } from '@agency/ui';
import { CHECKOUT_MESSAGES, consultationSessionMinutes } from '@agency/domain/messages/checkout';

const m = CHECKOUT_MESSAGES.consultation;

export function WhatToExpect({ tierKey }: { tierKey: string }) {
  return (
    <Card.Root as="section" aria-labelledby="what-to-expect-heading" variant="subtle">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="what-to-expect-heading">
          {m.whatToExpect}
        </Heading>
        <List.Root gap="1.5" ps="5" fontSize="sm">
          {m.expectations(consultationSessionMinutes(tierKey)).map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}
