import type { FormHTMLAttributes, ReactNode } from 'react';
import { Alert } from '../Alert';
import { Button, type ButtonProps } from '../Button';
import type { FormSubmit } from './use-form';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  form: FormSubmit;
  children: ReactNode;
}

/** A form with its banner above the fields: an error interrupts a screen reader, a success is said politely. */
export function Form({ form, children, ...rest }: FormProps) {
  return (
    <form className="form" {...rest} onSubmit={form.onSubmit}>
      {form.banner && <Alert kind={form.banner.kind}>{form.banner.text}</Alert>}
      {children}
    </form>
  );
}

interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  pending: boolean;
  pendingLabel: string;
}

/** The form's submit button; while the request is pending it is disabled and says what is happening. */
export function SubmitButton({ pending, pendingLabel, disabled, children, ...button }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...button}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
