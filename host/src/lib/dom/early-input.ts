import { FIRST_INPUT_ATTRIBUTE, INPUT_EVENTS } from './first-input';

/** Set on <html> by the early-input script while it holds clicks or submits for controls not yet hydrated. */
export const EARLY_INPUT_ATTRIBUTE = 'data-early-input';

/**
 * The script the server puts in the head of every page it renders (its hash is allowed by the CSP), before any
 * of the app's: it keeps a click or a submit that reaches a control whose part of the page is not hydrated yet,
 * and gives it to that control once React has taken it over.
 *
 * Why it is needed: a server-rendered page shows its controls long before they work. Until `hydrateRoot` runs
 * nothing listens at all, and afterwards React 19 does not replay a discrete event (a click, a submit) aimed at
 * a part it cannot hydrate at once (a Suspense boundary whose code is still loading): it forces what it can
 * synchronously and otherwise stops the event (measured: 8 of 8 early clicks on /login's Sign Up tab lost at a
 * 4x slower CPU). Links need none of this (the browser follows them natively, and once hydrated the router
 * does), nor do keystrokes (the fields keep what was typed, and hand it to the form once hydrated:
 * shared/ui form-fields.tsx). A control is hydrated once React has put its props on the element (React's own
 * `__reactProps$` key, stable since React 17); until then a click on it (or on a submit button, or a form
 * submitted with Enter) is held and its default prevented, so a form never submits natively into the address
 * bar, and replayed with `click()` / `requestSubmit()` as soon as the element is hydrated. Heard on the
 * document in the capture phase, before React's root listener sees (and drops) it. React still learns which
 * part the visitor reached for from the pointer and focus events, and hydrates that part first.
 */
export function earlyInputScript(): string {
  const attribute = JSON.stringify(EARLY_INPUT_ATTRIBUTE);
  // It also marks the visitor's first input or scroll (FIRST_INPUT_ATTRIBUTE), for a page that hydrates on it.
  const firstInput = `var inputs=${JSON.stringify(INPUT_EVENTS)},o={capture:true,passive:true};
function seen(){d.documentElement.setAttribute(${JSON.stringify(FIRST_INPUT_ATTRIBUTE)},"");
inputs.forEach(function(t){d.removeEventListener(t,seen,o)});removeEventListener("scroll",seen,o)}
inputs.forEach(function(t){d.addEventListener(t,seen,o)});addEventListener("scroll",seen,o);`;
  return `(function(){var held=[],timer=0,d=document;${firstInput}
function hydrated(e){return Object.keys(e).some(function(k){return k.lastIndexOf("__reactProps$",0)===0})}
function inApp(e){var r=d.getElementById("root");return r&&r.contains(e)}
function flush(){timer=0;held=held.filter(function(h){if(!h.el.isConnected)return false;if(!hydrated(h.el))return true;
try{if(h.submit)h.el.requestSubmit(h.submitter&&h.submitter.isConnected?h.submitter:undefined);else h.el.click()}catch(e){}return false});
if(held.length)timer=setTimeout(flush,30);else d.documentElement.removeAttribute(${attribute})}
function hold(h,ev){ev.preventDefault();ev.stopImmediatePropagation();held.push(h);d.documentElement.setAttribute(${attribute},"");if(!timer)timer=setTimeout(flush,30)}
d.addEventListener("click",function(ev){var t=ev.target;if(!(t instanceof Element))return;
var c=t.closest("a[href],button,[role=tab],[role=button],[role=checkbox],summary,label,input[type=checkbox],input[type=radio],input[type=submit]");
if(!c||c.matches("a[href]")||!inApp(c)||hydrated(c))return;
if(c.matches("label")){var f=c.control;if(!f||!f.matches("input[type=checkbox],input[type=radio]")||hydrated(f))return;c=f}hold({el:c},ev)},true);
d.addEventListener("submit",function(ev){var f=ev.target;if(!(f instanceof HTMLFormElement)||!inApp(f)||hydrated(f))return;
hold({el:f,submit:true,submitter:ev.submitter},ev)},true)})()`;
}
