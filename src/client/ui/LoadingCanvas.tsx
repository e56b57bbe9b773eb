import { useLingui } from '@lingui/react/macro';
import { Logo } from './Logo';

/** Full-screen canvas shown until the app config is known (SPEC.md section 2). */
export function LoadingCanvas({ error, onRetry }: { error?: string | null; onRetry?: () => void }) {
  const { t } = useLingui();
  return (
    <div className="loading-canvas" role={error ? undefined : 'status'} aria-label={error ? undefined : t`Loading`}>
      <Logo size={72} />
      {error ? (
        <div className="loading-canvas-error">
          <p role="alert">{error}</p>
          {onRetry && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t`Try again`}
            </button>
          )}
        </div>
      ) : (
        <div className="loading-bars" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      )}
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span
      className="spinner"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
