import { Dialog as ChakraDialog } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { withRootRecipe } from './with-recipe';

/** Chakra's Dialog with its recipe (see with-recipe.tsx). */
export const Dialog = withRootRecipe(ChakraDialog, dialogSlotRecipe);
