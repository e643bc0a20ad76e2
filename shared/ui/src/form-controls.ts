// Form controls with their recipes (see with-recipe.tsx): they ship in the forms entry, not in the system.
import {
  Alert as ChakraAlert,
  Checkbox as ChakraCheckbox,
  Field as ChakraField,
  Input as ChakraInput,
  NativeSelect as ChakraNativeSelect,
  Textarea as ChakraTextarea,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  checkboxSlotRecipe,
  fieldSlotRecipe,
  inputRecipe,
  nativeSelectSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { withRecipe, withRootRecipe } from './with-recipe';

export const Input = withRecipe(ChakraInput, inputRecipe);
export const Textarea = withRecipe(ChakraTextarea, textareaRecipe);
export const Field = withRootRecipe(ChakraField, fieldSlotRecipe);
export const Checkbox = withRootRecipe(ChakraCheckbox, checkboxSlotRecipe);
export const NativeSelect = withRootRecipe(ChakraNativeSelect, nativeSelectSlotRecipe);
export const Alert = withRootRecipe(ChakraAlert, alertSlotRecipe);
