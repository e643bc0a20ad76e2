import { CacheProvider, ClassNames, css, Global } from '@emotion/react';
import { render, screen } from '@testing-library/react';
import { getBrowserStyleCache, SERVER_RULES_ATTRIBUTE, serverGlobalStyles } from './style-cache';

// What the server puts in the head (host/src/server/render-page.tsx): the global styles as Emotion's <Global>
// finds them again, and the page's component rules in one element naming them.
const globalStyles = css({ body: { margin: 0 } });
const serverRendered = css({ color: 'blue' });
const layersRule = '@layer reset, base, tokens, recipes;';
document.head.innerHTML = [
  `<style data-emotion="css-global 1a2b3c" data-s="">@layer reset,base,tokens,recipes;</style>`,
  `<style data-emotion="css-global ${globalStyles.name}" data-s="">body{margin:0;}</style>`,
  `<style ${SERVER_RULES_ATTRIBUTE}="${serverRendered.name}">.css-${serverRendered.name}{color:blue;}</style>`,
].join('');
const serverStyles = [...document.head.querySelectorAll('style')];

const headChanges = new MutationObserver(() => {});
headChanges.observe(document.head, { childList: true });
const removedFromHead = () => headChanges.takeRecords().flatMap((record) => [...record.removedNodes]);

function Page() {
  return (
    <CacheProvider value={getBrowserStyleCache()!}>
      <Global styles={globalStyles} />
      <ClassNames>
        {({ css: classFor }) => (
          <>
            <p className={classFor({ color: 'blue' })}>Rendered by the server</p>
            <p className={classFor({ color: 'green' })}>Only in the browser</p>
          </>
        )}
      </ClassNames>
    </CacheProvider>
  );
}

// Read before hydrating, as UiProvider does: the <Global> taking the element over renames it.
test("the kit's global styles as the server wrote them are found under the name the server gave them", () => {
  expect(serverGlobalStyles(layersRule)).toEqual({ name: globalStyles.name, styles: 'body{margin:0;}' });
});

test('hydrating takes the server-rendered styles over where they are, and writes none of them again', () => {
  render(<Page />);
  // A moved <style> is applied again from scratch by the browser (100-400 ms each on a phone).
  expect(removedFromHead()).toEqual([]);
  const styles = [...document.head.querySelectorAll('style')];
  expect(styles.slice(0, serverStyles.length)).toEqual(serverStyles);
  expect(styles[1]).toHaveTextContent('body{margin:0;}');
  expect(screen.getByText('Rendered by the server')).toHaveClass(`css-${serverRendered.name}`);
  // The one rule the server did not render goes after the server's, in an element of its own.
  expect(styles).toHaveLength(serverStyles.length + 1);
  expect(styles.at(-1)!.sheet!.cssRules[0]!.cssText).toContain('color: green');
});
