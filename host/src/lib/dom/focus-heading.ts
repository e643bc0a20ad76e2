/** The heading that names a section of a page, or the section itself. */
export const sectionHeading = (section: HTMLElement): HTMLElement =>
  section.querySelector<HTMLElement>('h1, h2, h3') ?? section;

/** Moves focus to a heading after a navigation, as the start of the next Tab and for screen readers. */
export function focusHeading(element: HTMLElement): void {
  // Headings are not focusable by themselves; -1 lets focus land there without adding a tab stop.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  // Focus is there for screen readers and as the start of the next Tab; a heading is nothing to operate, so no
  // ring (the browser drew one around the dashboard's name after every sign-in, as after any key press).
  element.style.outline = 'none';
  element.focus({ preventScroll: true });
}
