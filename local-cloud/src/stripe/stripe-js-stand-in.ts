/**
 * The Stripe.js stand-in that runs in the browser offline. `buildStripeJsScript` serialises
 * `installStripeJs` with `Function.prototype.toString`, so this function must not reference anything outside
 * its own body: the card rules arrive as the `rules` argument and configuration as `config`.
 * It implements the part of Stripe.js v3 that @stripe/stripe-js and @stripe/react-stripe-js call.
 */
export interface StripeJsStandInConfig {
  /** Base URL of the local Stripe-compatible service. */
  apiBase: string;
}

export interface CardRules {
  passesLuhn(cardNumber: string): boolean;
  cardBrand(cardNumber: string): string;
  cardLengths(brand: string): { number: number; cvc: number };
  isExpiryInPast(month: number, year: number, now: Date): boolean;
}

type Listener = (payload?: unknown) => void;
interface StripeErrorLike {
  type: string;
  code?: string;
  message: string;
  [field: string]: unknown;
}
interface CardValue {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}
interface CardElementApi {
  mount(target: Element | string): void;
  unmount(): void;
  destroy(): void;
  on(event: string, handler: Listener): CardElementApi;
  once(event: string, handler: Listener): CardElementApi;
  off(event: string, handler?: Listener): CardElementApi;
  update(options: Record<string, unknown>): void;
  focus(): void;
  blur(): void;
  clear(): void;
}

export function installStripeJs(
  win: Window & typeof globalThis,
  config: StripeJsStandInConfig,
  rules: CardRules,
): void {
  const doc = win.document;
  // Marks each element so stripe.* methods can read the card it holds; the value never leaves this closure.
  const cardValues = new WeakMap<object, () => { value?: CardValue; error?: StripeErrorLike }>();
  let uid = 0;

  function encode(params: Record<string, unknown>, prefix = ''): string[] {
    const pairs: string[] = [];
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      const key = prefix ? `${prefix}[${name}]` : name;
      if (typeof value === 'object') pairs.push(...encode(value as Record<string, unknown>, key));
      else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
    return pairs;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown>,
  ): Promise<{ body?: Record<string, unknown>; error?: StripeErrorLike }> {
    const query = encode(params).join('&');
    try {
      const response = await win.fetch(`${config.apiBase}${path}${method === 'GET' ? `?${query}` : ''}`, {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        ...(method === 'POST' && { body: query }),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (!response.ok)
        return {
          error: (body.error as StripeErrorLike) ?? {
            type: 'api_error',
            message: 'An unknown error occurred',
          },
        };
      return { body };
    } catch {
      return {
        error: {
          type: 'api_connection_error',
          message: 'We could not reach the payment service. Please check your connection and try again.',
        },
      };
    }
  }

  function validationError(code: string, message: string): StripeErrorLike {
    return { type: 'validation_error', code, message };
  }

  function createCardElement(
    owner: { remove(element: CardElementApi): void },
    initialOptions: Record<string, unknown>,
  ): CardElementApi {
    const id = `stripe-card-${++uid}`;
    const listeners = new Map<string, Set<Listener>>();
    let options = { ...initialOptions };
    let mountNode: HTMLElement | null = null;
    let root: HTMLElement | null = null;
    let destroyed = false;
    const touched = { number: false, expiry: false, cvc: false };
    const inputs: { number?: HTMLInputElement; expiry?: HTMLInputElement; cvc?: HTMLInputElement } = {};

    function emit(event: string, payload?: unknown): void {
      for (const handler of [...(listeners.get(event) ?? [])]) handler(payload);
    }

    const digits = (value: string): string => value.replace(/\D/g, '');
    const brandOf = (): string => rules.cardBrand(digits(inputs.number?.value ?? ''));

    function parseExpiry(): { month: number; year: number; monthText: string; yearText: string } {
      const raw = digits(inputs.expiry?.value ?? '');
      const monthText = raw.slice(0, 2);
      const yearText = raw.slice(2, 4);
      return { month: Number(monthText), year: Number(yearText), monthText, yearText };
    }

    /** Field-by-field state; `showIncomplete` reveals "incomplete" errors (Stripe shows them only after blur). */
    function validate(): {
      complete: boolean;
      empty: boolean;
      error?: StripeErrorLike;
      invalidField?: 'number' | 'expiry' | 'cvc';
    } {
      const number = digits(inputs.number?.value ?? '');
      const brand = brandOf();
      const lengths = rules.cardLengths(brand);
      const expiry = parseExpiry();
      const cvc = digits(inputs.cvc?.value ?? '');
      const empty = number === '' && expiry.monthText === '' && cvc === '';
      const numberComplete = number.length === lengths.number && rules.passesLuhn(number);
      const expiryComplete =
        expiry.yearText.length === 2 &&
        expiry.month >= 1 &&
        expiry.month <= 12 &&
        !rules.isExpiryInPast(expiry.month, expiry.year, new Date());
      const cvcComplete = cvc.length === lengths.cvc;
      let error: StripeErrorLike | undefined;
      let invalidField: 'number' | 'expiry' | 'cvc' | undefined;
      const fail = (field: 'number' | 'expiry' | 'cvc', code: string, message: string): void => {
        if (!error) {
          error = validationError(code, message);
          invalidField = field;
        }
      };
      if (number.length === lengths.number && !rules.passesLuhn(number))
        fail('number', 'invalid_number', 'Your card number is invalid.');
      else if (!numberComplete && touched.number && number !== '')
        fail('number', 'incomplete_number', 'Your card number is incomplete.');
      if (expiry.monthText.length === 2 && (expiry.month < 1 || expiry.month > 12))
        fail('expiry', 'invalid_expiry_month', "Your card's expiration date is invalid.");
      else if (expiry.yearText.length === 2 && rules.isExpiryInPast(expiry.month, expiry.year, new Date())) {
        const pastYear = 2000 + expiry.year < new Date().getFullYear();
        fail(
          'expiry',
          pastYear ? 'invalid_expiry_year_past' : 'invalid_expiry_month_past',
          pastYear
            ? "Your card's expiration year is in the past."
            : "Your card's expiration date is in the past.",
        );
      } else if (!expiryComplete && touched.expiry && expiry.monthText !== '')
        fail('expiry', 'incomplete_expiry', "Your card's expiration date is incomplete.");
      if (!cvcComplete && touched.cvc && cvc !== '')
        fail('cvc', 'incomplete_cvc', "Your card's security code is incomplete.");
      return {
        complete: numberComplete && expiryComplete && cvcComplete,
        empty,
        ...(error && { error }),
        ...(invalidField && { invalidField }),
      };
    }

    /** The error stripe.* methods report when the card is used before it is complete. */
    function submitError(): StripeErrorLike | undefined {
      const number = digits(inputs.number?.value ?? '');
      const lengths = rules.cardLengths(brandOf());
      const state = validate();
      if (state.error) return state.error;
      if (state.complete) return undefined;
      if (number.length < lengths.number)
        return validationError('incomplete_number', 'Your card number is incomplete.');
      const expiry = parseExpiry();
      if (expiry.yearText.length < 2)
        return validationError('incomplete_expiry', "Your card's expiration date is incomplete.");
      return validationError('incomplete_cvc', "Your card's security code is incomplete.");
    }

    function refresh(emitChange: boolean): void {
      if (!root || !mountNode) return;
      const state = validate();
      for (const field of ['number', 'expiry', 'cvc'] as const) {
        const input = inputs[field];
        if (!input) continue;
        const invalid = state.invalidField === field;
        input.setAttribute('aria-invalid', String(invalid));
        input.style.color = invalid ? '#df1b41' : 'inherit';
      }
      mountNode.classList.toggle('StripeElement--empty', state.empty);
      mountNode.classList.toggle('StripeElement--complete', state.complete);
      mountNode.classList.toggle('StripeElement--invalid', Boolean(state.error));
      if (emitChange) {
        emit('change', {
          elementType: 'card',
          empty: state.empty,
          complete: state.complete,
          error: state.error,
          brand: brandOf(),
          value: { postalCode: '' },
        });
      }
    }

    function formatNumber(value: string): string {
      const brand = rules.cardBrand(value);
      const number = digits(value).slice(0, rules.cardLengths(brand).number);
      const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
      const parts: string[] = [];
      let index = 0;
      for (const size of groups) {
        if (index >= number.length) break;
        parts.push(number.slice(index, index + size));
        index += size;
      }
      return parts.join(' ');
    }

    function formatExpiry(value: string, deleting: boolean): string {
      let raw = digits(value).slice(0, 4);
      if (raw.length === 1 && Number(raw) > 1) raw = `0${raw}`;
      if (raw.length < 2 || (raw.length === 2 && deleting)) return raw;
      return `${raw.slice(0, 2)} / ${raw.slice(2)}`;
    }

    function makeInput(
      field: 'number' | 'expiry' | 'cvc',
      label: string,
      placeholder: string,
      autocomplete: string,
      width: string,
    ): HTMLElement {
      const wrapper = doc.createElement('div');
      wrapper.style.cssText = `display:flex;flex-direction:column;min-width:0;${width}`;
      const labelNode = doc.createElement('label');
      labelNode.htmlFor = `${id}-${field}`;
      labelNode.textContent = label;
      // Visually hidden, like the labels inside Stripe's iframe: the merchant shows the visible label.
      labelNode.style.cssText =
        'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0;';
      const input = doc.createElement('input');
      input.id = `${id}-${field}`;
      input.name = `card-${field}`;
      input.type = 'text';
      input.inputMode = 'numeric';
      input.setAttribute('autocomplete', autocomplete);
      input.placeholder = placeholder;
      input.spellcheck = false;
      input.setAttribute('aria-invalid', 'false');
      input.style.cssText =
        'border:0;outline:none;background:transparent;font:inherit;color:inherit;padding:0;margin:0;width:100%;min-width:0;';
      if (options.disabled === true) input.disabled = true;
      input.addEventListener('input', (event) => {
        const deleting = (event as InputEvent).inputType?.startsWith('delete') ?? false;
        if (field === 'number') input.value = formatNumber(input.value);
        if (field === 'expiry') input.value = formatExpiry(input.value, deleting);
        if (field === 'cvc')
          input.value = digits(input.value).slice(0, rules.cardLengths(brandOf()).cvc === 4 ? 4 : 3);
        refresh(true);
        // Move on like Stripe does once a part is complete and valid.
        const state = validate();
        if (
          field === 'number' &&
          digits(input.value).length === rules.cardLengths(brandOf()).number &&
          state.invalidField !== 'number'
        )
          inputs.expiry?.focus();
        if (field === 'expiry' && digits(input.value).length === 4 && state.invalidField !== 'expiry')
          inputs.cvc?.focus();
      });
      input.addEventListener('blur', () => {
        touched[field] = true;
        refresh(true);
      });
      inputs[field] = input;
      wrapper.append(labelNode, input);
      return wrapper;
    }

    let hasFocus = false;
    function onFocusIn(): void {
      mountNode?.classList.add('StripeElement--focus');
      if (!hasFocus) {
        hasFocus = true;
        emit('focus', { elementType: 'card' });
      }
    }
    function onFocusOut(event: FocusEvent): void {
      if (root && event.relatedTarget instanceof win.Node && root.contains(event.relatedTarget)) return;
      mountNode?.classList.remove('StripeElement--focus');
      hasFocus = false;
      emit('blur', { elementType: 'card' });
    }

    const element: CardElementApi = {
      mount(target) {
        if (destroyed) throw new Error('This Element has already been destroyed. Please create a new one.');
        const node =
          typeof target === 'string'
            ? doc.querySelector<HTMLElement>(target)
            : (target as HTMLElement | null);
        if (!node)
          throw new Error(
            'The selector you specified (' +
              String(target) +
              ') applies to no DOM elements that are currently on the page.',
          );
        if (root) element.unmount();
        mountNode = node;
        mountNode.classList.add('StripeElement', 'StripeElement--empty');
        root = doc.createElement('div');
        root.className = '__PrivateStripeElement';
        root.setAttribute('role', 'group');
        root.setAttribute('aria-label', 'Credit or debit card');
        root.style.cssText = 'display:flex;gap:0.75em;align-items:center;width:100%;';
        root.append(
          makeInput('number', 'Card number', '1234 1234 1234 1234', 'cc-number', 'flex:1 1 auto;'),
          makeInput('expiry', 'Expiration date (MM / YY)', 'MM / YY', 'cc-exp', 'flex:0 0 5.5em;'),
          makeInput('cvc', 'Security code (CVC)', 'CVC', 'cc-csc', 'flex:0 0 3.5em;'),
        );
        root.addEventListener('focusin', onFocusIn);
        root.addEventListener('focusout', onFocusOut);
        mountNode.append(root);
        refresh(false);
        win.setTimeout(() => emit('ready', { elementType: 'card' }), 0);
      },
      unmount() {
        root?.remove();
        mountNode?.classList.remove(
          'StripeElement',
          'StripeElement--empty',
          'StripeElement--complete',
          'StripeElement--invalid',
          'StripeElement--focus',
        );
        root = null;
        mountNode = null;
      },
      destroy() {
        element.unmount();
        destroyed = true;
        listeners.clear();
        owner.remove(element);
      },
      on(event, handler) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(handler);
        return element;
      },
      once(event, handler) {
        const wrapped: Listener = (payload) => {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      off(event, handler) {
        if (handler) listeners.get(event)?.delete(handler);
        else listeners.delete(event);
        return element;
      },
      update(next) {
        options = { ...options, ...next };
        for (const input of Object.values(inputs)) if (input) input.disabled = options.disabled === true;
      },
      focus() {
        inputs.number?.focus();
      },
      blur() {
        (doc.activeElement as HTMLElement | null)?.blur();
      },
      clear() {
        for (const input of Object.values(inputs)) if (input) input.value = '';
        touched.number = touched.expiry = touched.cvc = false;
        refresh(true);
      },
    };
    cardValues.set(element, () => {
      if (!root)
        return {
          error: validationError(
            'element_not_mounted',
            'We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.',
          ),
        };
      const error = submitError();
      if (error) return { error };
      const expiry = parseExpiry();
      return {
        value: {
          number: digits(inputs.number!.value),
          expMonth: expiry.month,
          expYear: 2000 + expiry.year,
          cvc: digits(inputs.cvc!.value),
        },
      };
    });
    return element;
  }

  function readCard(element: unknown): { value?: CardValue; error?: StripeErrorLike } {
    const reader = element && typeof element === 'object' ? cardValues.get(element) : undefined;
    if (!reader)
      return {
        error: { type: 'invalid_request_error', message: 'Invalid value for card: expected a card Element.' },
      };
    return reader();
  }

  function cardParams(card: CardValue): Record<string, unknown> {
    return { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc };
  }

  function intentIdFrom(clientSecret: unknown): string | undefined {
    return typeof clientSecret === 'string' ? /^(pi_[^_]+)_secret_/.exec(clientSecret)?.[1] : undefined;
  }

  function StripeStandIn(publishableKey: unknown, _options?: unknown) {
    if (typeof publishableKey !== 'string' || publishableKey === '') {
      throw new Error('Please call Stripe() with your publishable key. You used an empty string.');
    }
    const key = publishableKey;

    async function createPaymentMethodFrom(
      card: unknown,
      billingDetails: unknown,
      metadata?: unknown,
    ): Promise<{ paymentMethod?: Record<string, unknown>; error?: StripeErrorLike }> {
      const read = readCard(card);
      if (read.error) return { error: read.error };
      const { body, error } = await call('POST', '/v1/payment_methods', {
        key,
        type: 'card',
        card: cardParams(read.value!),
        billing_details: billingDetails,
        metadata,
      });
      return error ? { error } : { paymentMethod: body! };
    }

    const stripe = {
      elements(_elementsOptions?: Record<string, unknown>) {
        const created = new Map<string, CardElementApi>();
        return {
          create(type: string, elementOptions: Record<string, unknown> = {}) {
            if (type !== 'card')
              throw new Error(`The local Stripe.js stand-in supports only the card Element, not "${type}".`);
            if (created.has(type)) throw new Error(`Can only create one Element of type ${type}.`);
            const element = createCardElement(
              { remove: (el) => created.get(type) === el && created.delete(type) },
              elementOptions,
            );
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
      async createToken(element: unknown, data: Record<string, unknown> = {}) {
        const read = readCard(element);
        if (read.error) return { error: read.error };
        const { body, error } = await call('POST', '/v1/tokens', {
          key,
          card: { ...cardParams(read.value!), name: data.name },
        });
        return error ? { error } : { token: body };
      },
      async createPaymentMethod(
        typeOrData: unknown,
        elementArg?: unknown,
        dataArg?: Record<string, unknown>,
      ) {
        if (typeof typeOrData === 'string')
          return createPaymentMethodFrom(elementArg, dataArg?.billing_details, dataArg?.metadata);
        const data = (typeOrData ?? {}) as Record<string, unknown>;
        if (data.type !== undefined && data.type !== 'card')
          return {
            error: {
              type: 'invalid_request_error',
              message: 'The local Stripe.js stand-in supports card payment methods only.',
            },
          };
        return createPaymentMethodFrom(data.card, data.billing_details, data.metadata);
      },
      async confirmCardPayment(
        clientSecret: unknown,
        data: Record<string, unknown> = {},
        _options?: unknown,
      ) {
        const intentId = intentIdFrom(clientSecret);
        if (!intentId)
          return {
            error: {
              type: 'invalid_request_error',
              message:
                'Invalid value for confirmCardPayment intent secret: value should be a client_secret string.',
            },
          };
        let paymentMethod = data.payment_method;
        if (paymentMethod && typeof paymentMethod === 'object') {
          const details = paymentMethod as Record<string, unknown>;
          const created = await createPaymentMethodFrom(
            details.card,
            details.billing_details,
            details.metadata,
          );
          if (created.error) return { error: created.error };
          paymentMethod = created.paymentMethod!.id;
        }
        const { body, error } = await call('POST', `/v1/payment_intents/${intentId}/confirm`, {
          key,
          client_secret: clientSecret,
          payment_method: paymentMethod,
        });
        return error ? { error } : { paymentIntent: body };
      },
      async retrievePaymentIntent(clientSecret: unknown) {
        const intentId = intentIdFrom(clientSecret);
        if (!intentId)
          return {
            error: {
              type: 'invalid_request_error',
              message: 'Invalid value for retrievePaymentIntent: value should be a client_secret string.',
            },
          };
        const { body, error } = await call('GET', `/v1/payment_intents/${intentId}`, {
          key,
          client_secret: clientSecret,
        });
        return error ? { error } : { paymentIntent: body };
      },
      registerAppInfo(_info: unknown) {},
      _registerWrapper(_wrapper: unknown) {},
    };
    return stripe;
  }
  // The release train @stripe/stripe-js 10 expects; a mismatch only logs a warning.
  StripeStandIn.version = 'endive';
  StripeStandIn.isLocalStandIn = true;
  (win as unknown as { Stripe: unknown }).Stripe = StripeStandIn;
}
