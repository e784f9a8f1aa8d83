import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

export type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input; the hint and the error are tied to the input so screen readers announce them too. */
export function TextField({ label, hint, error, id, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}
