import { useCallback, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { serverErrorText } from '../../lib/errors';

/**
 * The web app's forms share this small module rather than react-hook-form: every form here has one
 * to four text inputs, native constraints (required, type, minLength) do the per-field checks, the
 * pending state is the RTK Query mutation's own, and what remains common is the submit's course
 * (clear the banner, check, send, say the outcome). A library would add a second way to hold field
 * state, and a dependency to the bundle, for what fits in this file.
 */

/** What a form says above its fields after a submit. */
export interface Banner {
  kind: 'success' | 'error';
  text: ReactNode;
}

export const successBanner = (text: ReactNode): Banner => ({ kind: 'success', text });
/** A refusal found before anything is sent, or the failure of the send. */
export const errorBanner = (text: ReactNode): Banner => ({ kind: 'error', text });

/** A form's values by field name; the names are those of `initial`. */
type Values<N extends string> = Record<N, string>;
type Problems<N extends string> = Partial<Values<N>>;

interface FormOptions<N extends string> {
  initial: Values<N>;
  /** The problems beside the fields, found before anything is sent; any one stops the submit. */
  check?: (values: Values<N>) => Problems<N>;
  /**
   * Sends the values. What it returns is said in the banner (nothing returned: no banner);
   * `update` changes values, to empty the fields after a success.
   */
  send: (values: Values<N>, update: (values: Partial<Values<N>>) => void) => Promise<Banner | void>;
  /** The banner's text when the send throws, given the server's own text when it said one. */
  failed: (reason: string | undefined) => string;
}

/** The value and change handler of one field, and its problem; spread onto a TextField or TextArea. */
export interface BoundField {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: string;
}

/** What the form element itself needs: its submit handler and the banner above its fields. */
export interface FormSubmit {
  banner: Banner | null;
  onSubmit: (event: FormEvent) => void;
}

export interface FormState<N extends string> extends FormSubmit {
  values: Values<N>;
  field: (name: N) => BoundField;
  update: (values: Partial<Values<N>>) => void;
  /** Another action of the form (a button beside the submit), said in the same banner. */
  run: (action: () => Promise<Banner | void>) => void;
}

/** The state of a form of text fields and the course of its submit. */
export function useForm<N extends string>({ initial, check, send, failed }: FormOptions<N>): FormState<N> {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems<N>>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  // Stable, so an effect that fills the fields from a query can list it.
  const update = useCallback(
    (changed: Partial<Values<N>>) => setValues((current) => ({ ...current, ...changed })),
    [],
  );

  async function run(action: () => Promise<Banner | void>) {
    setBanner(null);
    try {
      const said = await action();
      if (said) setBanner(said);
    } catch (err) {
      setBanner(errorBanner(failed(serverErrorText(err))));
    }
  }

  function submit() {
    const found = check?.(values) ?? {};
    setProblems(found);
    if (Object.values(found).some(Boolean)) {
      setBanner(null);
      return;
    }
    void run(() => send(values, update));
  }

  return {
    values,
    field: (name) => ({
      value: values[name],
      onChange: (event) => update({ [name]: event.target.value } as Partial<Values<N>>),
      error: problems[name],
    }),
    update,
    run: (action) => void run(action),
    banner,
    onSubmit: (event) => {
      event.preventDefault();
      submit();
    },
  };
}
