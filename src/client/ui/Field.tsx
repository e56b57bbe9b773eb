import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled text input. The label is a real <label>, so tests and screen readers find it by name. */
export function TextField({
  label,
  hint,
  trailing,
  ...input
}: InputProps & { label: string; hint?: string; trailing?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`field-control${trailing ? ' has-trailing' : ''}`}>
        <input id={id} className="input" aria-describedby={hint ? hintId : undefined} {...input} />
        {trailing}
      </div>
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
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string; children: ReactNode }) {
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

export function CheckboxField({ label, ...input }: Omit<InputProps, 'type'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" className="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
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
