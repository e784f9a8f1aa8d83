import { useId, type ReactNode } from 'react';

/** What a field's control carries so that its label, hint and error are announced with it. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** What is wrong with the value, said under the field and tied to it. */
  error?: string;
  id?: string;
}

/**
 * A labelled control with its hint and its error under it. The control is told which text
 * describes it and whether its value is refused, so a screen reader says both with the field.
 */
export function Field({
  label,
  hint,
  error,
  id,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
