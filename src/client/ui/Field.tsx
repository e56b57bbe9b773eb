import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { bringRefusalIntoView, takeRefusalFocus } from './refusalFocus';

/** An input's own attributes, and its `ref` (a form library registers the element through it). */
type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/**
 * The message under a field that was refused, announced when it appears. Drawn for a refusal just
 * made, it brings its field into view with focus on it (refusalFocus.ts). The field names the
 * message's `id` in its aria-describedby.
 */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // Every render: the same refusal made twice (Submit again, nothing edited) asks again.
  useEffect(() => {
    if (error && ref.current && takeRefusalFocus()) bringRefusalIntoView(ref.current);
  });
  if (!error) return null;
  return (
    <p ref={ref} id={id} className="field-error" role="alert">
      {error}
    </p>
  );
}

const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * A labelled text input. The label is a real <label>, so tests and screen readers find it by name;
 * `error` is said under the field (and marks it invalid) rather than in a toast.
 */
export function TextField({
  label,
  hint,
  error,
  trailing,
  ...input
}: InputProps & { label: string; hint?: string; error?: string | null; trailing?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`field-control${trailing ? ' has-trailing' : ''}`}>
        <input
          id={id}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId, hint && hintId)}
          {...input}
        />
        {trailing}
      </div>
      <FieldError id={errorId} error={error} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control select-control">
        <select id={id} className="input select" {...select}>
          {children}
        </select>
      </div>
    </div>
  );
}

export function CheckboxField({
  label,
  error,
  ...input
}: Omit<InputProps, 'type'> & { label: ReactNode; error?: string | null }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <div className="checkbox-field">
        <input
          id={id}
          type="checkbox"
          className="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The message of a refused form, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

export function SubmitButton({
  busy,
  disabled,
  children,
}: {
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
