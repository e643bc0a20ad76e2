// Form controls and alerts, a second entry of the UI singleton: forms load with the screens that show them (the
// contact form when it scrolls near, checkout, portals, sign-in), not with every page. The host imports
// this entry too, so its build supplies the shared copy and Chakra internals stay single.
export { Field, Input, Textarea, Checkbox, NativeSelect, Alert } from './form-controls';
export {
  FormErrorAlert,
  SubmitButton,
  DialogActions,
  useFocusFirstInvalid,
  useOneAlertForm,
  firstError,
} from './form-helpers';
export type { DialogActionsProps, OneAlertFormState, SubmitButtonProps } from './form-helpers';
export { TextField, TextareaField, SelectField } from './form-fields';
export type { TextFieldProps, TextareaFieldProps, SelectFieldProps } from './form-fields';
