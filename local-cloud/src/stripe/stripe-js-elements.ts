/**
 * `stripe.elements()` of the Stripe.js stand-in, and what stripe.* methods read from the Elements it made.
 * Serialised like `cardElementFactory` (see `buildStripeJsScript`): it references nothing outside its body.
 */
import type { CardElementApi, CardRead, cardElementFactory } from './stripe-js-card-element';

export function elementsFactory(createCardElement: ReturnType<typeof cardElementFactory>) {
  // Marks each element so stripe.* methods can read the card it holds; the value never leaves this closure.
  const cardValues = new WeakMap<object, () => CardRead>();

  return {
    elements(_elementsOptions?: Record<string, unknown>) {
      const created = new Map<string, CardElementApi>();
      return {
        create(type: string, elementOptions: Record<string, unknown> = {}) {
          if (type !== 'card')
            throw new Error(`The local Stripe.js stand-in supports only the card Element, not "${type}".`);
          if (created.has(type)) throw new Error(`Can only create one Element of type ${type}.`);
          const { element, read } = createCardElement(
            { remove: (el) => created.get(type) === el && created.delete(type) },
            elementOptions,
          );
          cardValues.set(element, read);
          created.set(type, element);
          return element;
        },
        getElement(type: unknown) {
          const name =
            typeof type === 'string' ? type : (type as { __elementType?: string } | null)?.__elementType;
          return (name && created.get(name)) || null;
        },
        update(_options: Record<string, unknown>) {},
        fetchUpdates: async () => ({}),
        submit: async () => ({}),
      };
    },
    readCard(element: unknown): CardRead {
      const reader = element && typeof element === 'object' ? cardValues.get(element) : undefined;
      if (!reader)
        return {
          error: {
            type: 'invalid_request_error',
            message: 'Invalid value for card: expected a card Element.',
          },
        };
      return reader();
    },
  };
}

export type StandInElements = ReturnType<typeof elementsFactory>;
