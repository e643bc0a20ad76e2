/**
 * The card Element of the Stripe.js stand-in: number, expiry and CVC inputs formatted and checked as Stripe's
 * are. `buildStripeJsScript` serialises `cardElementFactory` with `Function.prototype.toString`, so it must
 * not reference anything outside its own body: the card rules arrive as the `rules` argument.
 */
export interface CardRules {
  passesLuhn(cardNumber: string): boolean;
  cardBrand(cardNumber: string): string;
  cardLengths(brand: string): { number: number; cvc: number };
  isExpiryInPast(month: number, year: number, now: Date): boolean;
}

export type Listener = (payload?: unknown) => void;
export interface StripeErrorLike {
  type: string;
  code?: string;
  message: string;
  [field: string]: unknown;
}
export interface CardValue {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}
export interface CardElementApi {
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

/** What stripe.* methods read from a card Element; the value never leaves the stand-in. */
type Field = 'number' | 'expiry' | 'cvc';
export type CardRead = { value?: CardValue; error?: StripeErrorLike };

export function cardElementFactory(win: Window & typeof globalThis, rules: CardRules) {
  const doc = win.document;
  let uid = 0;

  function validationError(code: string, message: string): StripeErrorLike {
    return { type: 'validation_error', code, message };
  }

  return function createCardElement(
    owner: { remove(element: CardElementApi): void },
    initialOptions: Record<string, unknown>,
  ): { element: CardElementApi; read(): CardRead } {
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
      invalidField?: Field;
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
      let invalidField: Field | undefined;
      const fail = (field: Field, code: string, message: string): void => {
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
      field: Field,
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
    return {
      element,
      read: (): CardRead => {
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
      },
    };
  };
}
