import { useCallback, useState } from 'react';
import { CardField, PAYMENT_MESSAGES, useCreatePaymentMethod, type CardFieldState } from '@agency/payments';
import { Box, Text } from '@agency/ui';
import { declineReason, stripeReason } from '../lib/card-errors';

/** What went wrong with the card: the screen's message and, when known, why (e.g. "Your card was declined."). */
export interface CardProblem {
  message: string;
  reason?: string | undefined;
}

/** A card field's completeness and the dialog's card error, cleared as soon as the card is complete. */
export function useCardEntry() {
  const [complete, setComplete] = useState(false);
  const [problem, setProblem] = useState<CardProblem>();
  const setError = useCallback(
    (message: string | undefined, reason?: string) => setProblem(message ? { message, reason } : undefined),
    [],
  );
  const onChange = (state: CardFieldState) => {
    setComplete(state.complete);
    if (state.complete) setProblem(undefined);
  };
  return { complete, error: problem, setError, onChange };
}

export type CardEntryState = ReturnType<typeof useCardEntry>;

/** The card field with the dialog's card error announced under it: why first (declined), then what to do. */
export function CardEntry({ entry, disabled }: { entry: CardEntryState; disabled?: boolean }) {
  return (
    <Box>
      <CardField disabled={disabled} onChange={entry.onChange} />
      {entry.error ? (
        <Text role="alert" color="fg.error" fontSize="sm" mt="1.5">
          {entry.error.reason ? <span>{entry.error.reason} </span> : null}
          <span>{entry.error.message}</span>
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * Pays (or saves) with the card typed in the dialog: a card not complete is said beside it; otherwise Stripe.js
 * makes the payment method and `send` takes its id to the API. A refusal by Stripe.js or by the server is shown
 * beside the card (with the bank's reason when it declined) so another card can be tried. One submission at a
 * time; resolves with what `send` answered, or undefined when nothing went through.
 */
export function useCardSubmit(billing: () => { name: string; email: string }) {
  const entry = useCardEntry();
  const { createPaymentMethod } = useCreatePaymentMethod();
  const [sending, setSending] = useState(false);

  async function submit<T>(
    send: (paymentMethodId: string) => Promise<T>,
    messageFor: (failure: unknown) => string,
  ): Promise<T | undefined> {
    if (sending) return undefined;
    if (!entry.complete) {
      entry.setError(PAYMENT_MESSAGES.invalidCardDetails);
      return undefined;
    }
    setSending(true);
    try {
      const result = await createPaymentMethod(billing());
      if (!result.ok) {
        entry.setError(result.error, stripeReason(result.stripeError));
        return undefined;
      }
      try {
        return await send(result.paymentMethod.id);
      } catch (failure) {
        entry.setError(messageFor(failure), declineReason(failure));
        return undefined;
      }
    } finally {
      setSending(false);
    }
  }

  return { entry, sending, submit };
}
