import { Box, Text } from '@agency/ui';

export interface ConfirmationFact {
  label: string;
  value: string;
  /** A code to read out character by character (a reference): set in a monospaced face. */
  code?: boolean;
}

/** What a confirmation page states for the record (amount, reference) as label and value pairs, then a hint. */
export function ConfirmationFacts({ facts, hint }: { facts: ConfirmationFact[]; hint?: string | undefined }) {
  if (facts.length === 0) return null;
  return (
    <Box borderTopWidth="1px" pt="3">
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1" m="0">
        {facts.map((fact) => (
          <Box key={fact.label} display="contents">
            <Text as="dt" fontSize="sm" color="fg.muted" alignSelf="center">
              {fact.label}
            </Text>
            <Text as="dd" fontWeight="semibold" fontFamily={fact.code ? 'mono' : undefined} m="0">
              {fact.value}
            </Text>
          </Box>
        ))}
      </Box>
      {hint ? (
        <Text fontSize="sm" color="fg.muted" mt="2">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}
