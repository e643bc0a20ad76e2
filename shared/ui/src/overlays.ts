// Portal-only parts, loaded on demand through loadOverlays() so the landing page never pays for them.
// This chunk always comes from the build that supplied the @agency/ui singleton, so Chakra stays single.
// Each recipe comes with its component (see with-recipe.tsx); Pagination and CloseButton are built from
// the kit's buttons.
import { Table as ChakraTable, Tabs as ChakraTabs } from '@chakra-ui/react';
import { tableSlotRecipe, tabsSlotRecipe } from '@chakra-ui/react/theme';
import { withRootRecipe } from './with-recipe';

export { Pagination, Portal, CloseButton } from '@chakra-ui/react';
export { Dialog } from './dialog';
export { DialogShell, type DialogShellProps } from './dialog-shell';

/**
 * A horizontal strip of line tabs wider than its box (the portals' tabs on a phone) scrolls sideways; a shade at
 * each edge it continues past says so (it read as cut off: "Comp…"). The shades are fixed to the box, the covers
 * in the page's colour scroll with the tabs and hide a shade at an end the strip has reached, so a strip that
 * fits shows none.
 */
const EDGE_SHADES = [
  'linear-gradient(to right, var(--chakra-colors-bg) 30%, transparent) left center / 2.5rem 100% no-repeat local',
  'linear-gradient(to left, var(--chakra-colors-bg) 30%, transparent) right center / 2.5rem 100% no-repeat local',
  'radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.3), transparent) left center / 1.25rem 100% no-repeat scroll',
  'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.3), transparent) right center / 1.25rem 100% no-repeat scroll',
].join(', ');
const line = tabsSlotRecipe.variants?.variant?.line;
const tabsRecipe = {
  ...tabsSlotRecipe,
  variants: {
    ...tabsSlotRecipe.variants,
    variant: {
      ...tabsSlotRecipe.variants?.variant,
      line: {
        ...line,
        list: {
          ...line?.list,
          _horizontal: { ...line?.list?._horizontal, background: EDGE_SHADES },
        },
      },
    },
  },
};
export const Tabs = withRootRecipe(ChakraTabs, tabsRecipe);
export const Table = withRootRecipe(ChakraTable, tableSlotRecipe);
