import { cardBrand, cardLengths, isExpiryInPast, passesLuhn } from './card-rules';
import { cardElementFactory } from './stripe-js-card-element';
import { elementsFactory } from './stripe-js-elements';
import { installStripeJs, type StripeJsStandInConfig } from './stripe-js-stand-in';

/**
 * The text of the Stripe.js stand-in served at /v3/. The functions are embedded by their source; `__name` is
 * defined because esbuild (tsx) may wrap named inner functions in it when keeping names.
 */
export function buildStripeJsScript(config: StripeJsStandInConfig): string {
  const rules = `{ passesLuhn: ${passesLuhn.toString()}, cardBrand: ${cardBrand.toString()}, cardLengths: ${cardLengths.toString()}, isExpiryInPast: ${isExpiryInPast.toString()} }`;
  return `/* Local Stripe.js stand-in (offline development and tests). */
(function () {
  "use strict";
  var __name = function (target) { return target; };
  if (window.Stripe) return;
  var createCardElement = (${cardElementFactory.toString()})(window, ${rules});
  var cards = (${elementsFactory.toString()})(createCardElement);
  (${installStripeJs.toString()})(window, ${JSON.stringify(config)}, cards);
})();
`;
}
