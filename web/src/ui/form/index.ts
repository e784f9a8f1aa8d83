export { ConfirmPasswordField, EmailField, NewPasswordField, PasswordField } from './fields';
export { Form, SubmitButton } from './Form';
export { TextArea } from './TextArea';
export { TextField } from './TextField';
export { errorBanner, successBanner, useForm, type Banner } from './use-form';
