import { PASSWORD_MIN } from '@domain/accounts/password';
import { TextField, type TextFieldProps } from './TextField';

/** The server's own minimum, said before it refuses. */
const PASSWORD_HINT = `Must be at least ${PASSWORD_MIN} characters`;

type Preset = Omit<TextFieldProps, 'label' | 'type'> & { label?: string };

/** The account's e-mail address: required, and one the browser can fill in. */
export function EmailField({ label = 'Email', ...props }: Preset) {
  return <TextField label={label} type="email" name="email" autoComplete="email" required {...props} />;
}

/** A password the user already has: to sign in, or to confirm a change to the account. */
export function PasswordField({ label = 'Password', ...props }: Preset) {
  return <TextField label={label} type="password" autoComplete="current-password" required {...props} />;
}

/** A password being chosen, with the minimum length in its hint; a password manager offers one. */
export function NewPasswordField({ label = 'New password', ...props }: Preset) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      hint={PASSWORD_HINT}
      {...props}
    />
  );
}

/** The chosen password once more, so a typing slip does not lock the user out. */
export function ConfirmPasswordField(props: Preset) {
  return (
    <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...props} />
  );
}
