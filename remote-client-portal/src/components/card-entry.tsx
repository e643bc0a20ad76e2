import { useState } from 'react';
import { CardField, type CardFieldState } from '@agency/payments';
import { Box, Text } from '@agency/ui';

/** A card field's completeness and the dialog's card error, cleared as soon as the card is complete. */
export function useCardEntry() {
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string>();
  const onChange = (state: CardFieldState) => {
    setComplete(state.complete);
    if (state.complete) setError(undefined);
  };
  return { complete, error, setError, onChange };
}

export type CardEntryState = ReturnType<typeof useCardEntry>;

/** The card field with the dialog's card error announced under it. */
export function CardEntry({ entry, disabled }: { entry: CardEntryState; disabled?: boolean }) {
  return (
    <Box>
      <CardField disabled={disabled} onChange={entry.onChange} />
      {entry.error ? (
        <Text role="alert" color="fg.error" fontSize="sm" mt="1.5">
          {entry.error}
        </Text>
      ) : null}
    </Box>
  );
}
