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
export const Tabs = withRootRecipe(ChakraTabs, tabsSlotRecipe);
export const Table = withRootRecipe(ChakraTable, tableSlotRecipe);
