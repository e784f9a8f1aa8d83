import type { TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

type TextAreaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled multi-line input, with the same hint and error as a TextField. */
export function TextArea({ label, hint, error, id, ...textarea }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id}>
      {(control) => <textarea {...control} {...textarea} />}
    </Field>
  );
}
