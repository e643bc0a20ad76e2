// jsdom lays nothing out, so the dialogs' focus trap (zag) thinks every element is hidden and focuses the
// dialog itself. Giving elements one client rect lets the tests check where focus really goes.
const original = HTMLElement.prototype.getClientRects;

export function stubLayout() {
  beforeAll(() => {
    HTMLElement.prototype.getClientRects = function getClientRects() {
      return [{ x: 0, y: 0, width: 1, height: 1 }] as unknown as DOMRectList;
    };
  });
  afterAll(() => {
    HTMLElement.prototype.getClientRects = original;
  });
}
