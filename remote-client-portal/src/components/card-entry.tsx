import { useCallback, useState } from 'react';
import { CardField, PAYMENT_MESSAGES, useCreatePaymentMethod, type CardFieldState } from '@agency/payments';
import { BILLING_TEXT, SAVED_CARD, type SavedCard } from '@agency/domain/billing';
import { useQueryClient } from '@agency/portal';
import { Box, Stack, Text } from '@agency/ui';
import { declineReason, stripeReason } from '../lib/card-errors';
import { BILLING_QUERY_KEY, useBillingOverview } from '../lib/billing-overview';

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
 *
 * With `offerSavedCard`, a payment dialog offers the client's saved card (the Billing page's) first: chosen, no
 * card is typed and `send` gets `SAVED_CARD`, which the server turns into the client's own card.
 */
export function useCardSubmit(
  billing: () => { name: string; email: string },
  options: { offerSavedCard?: boolean } = {},
) {
  const entry = useCardEntry();
  const { createPaymentMethod } = useCreatePaymentMethod();
  const [sending, setSending] = useState(false);
  const queries = useQueryClient();
  const overview = useBillingOverview({ enabled: !!options.offerSavedCard });
  const savedCard = (options.offerSavedCard && overview.data?.savedCard) || null;
  const [useSaved, setUseSaved] = useState(true);
  const paySaved = !!savedCard && useSaved;

  async function paymentMethodId(): Promise<string | undefined> {
    if (paySaved) return SAVED_CARD;
    const result = await createPaymentMethod(billing());
    if (result.ok) return result.paymentMethod.id;
    entry.setError(result.error, stripeReason(result.stripeError));
    return undefined;
  }

  async function submit<T>(
    send: (paymentMethodId: string) => Promise<T>,
    messageFor: (failure: unknown) => string,
  ): Promise<T | undefined> {
    if (sending) return undefined;
    if (!paySaved && !entry.complete) {
      entry.setError(PAYMENT_MESSAGES.invalidCardDetails);
      return undefined;
    }
    setSending(true);
    try {
      const id = await paymentMethodId();
      if (!id) return undefined;
      try {
        const answer = await send(id);
        // A payment made: the Billing page's documents and what is coming changed.
        if (options.offerSavedCard) void queries.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
        return answer;
      } catch (failure) {
        entry.setError(messageFor(failure), declineReason(failure));
        return undefined;
      }
    } finally {
      setSending(false);
    }
  }

  const choice = {
    savedCard,
    useSaved: paySaved,
    setUseSaved: (value: boolean) => {
      setUseSaved(value);
      entry.setError(undefined);
    },
  };
  return { entry, sending, submit, choice };
}

export type CardChoiceState = ReturnType<typeof useCardSubmit>['choice'];

/**
 * The saved card or a new one, as two radios ("Pay with the saved card (Visa •••• 4242)" / "A new card"); the
 * card field only for a new card. Without a saved card, just the card field. A refusal of the saved card is
 * announced under the choice.
 */
export function CardChoice({
  entry,
  choice,
  disabled,
}: {
  entry: CardEntryState;
  choice: CardChoiceState;
  disabled?: boolean;
}) {
  const card: SavedCard | null = choice.savedCard;
  if (!card) return <CardEntry entry={entry} disabled={disabled} />;
  const T = BILLING_TEXT;
  const option = (saved: boolean, label: string) => (
    <Box as="label" display="flex" alignItems="center" gap="2" cursor="pointer">
      <input
        type="radio"
        name="card-choice"
        checked={choice.useSaved === saved}
        disabled={disabled}
        onChange={() => choice.setUseSaved(saved)}
      />
      <span>{label}</span>
    </Box>
  );
  return (
    <Stack gap="3">
      <Box as="fieldset">
        <Text as="legend" fontWeight="medium" mb="2">
          {T.payWithLegend}
        </Text>
        <Stack gap="2">
          {option(true, T.payWithTheSavedCard(card.brand, card.last4))}
          {option(false, T.payWithNewCard)}
        </Stack>
      </Box>
      {choice.useSaved ? (
        entry.error ? (
          <Text role="alert" color="fg.error" fontSize="sm">
            {entry.error.reason ? <span>{entry.error.reason} </span> : null}
            <span>{entry.error.message}</span>
          </Text>
        ) : null
      ) : (
        <CardEntry entry={entry} disabled={disabled} />
      )}
    </Stack>
  );
}
