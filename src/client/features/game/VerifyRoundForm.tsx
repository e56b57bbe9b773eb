import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { navigate } from '../../ui';
import { pathTo } from '../../routing/paths';

/** Round numbers as the server writes them: the server's day and the round of that day. */
const SEQNO = /^\d{8}-\d{1,6}$/;

/** "Verify round number": opens the fairness proof of any drawn round of this room by its number. */
export function VerifyRoundForm({ roomid }: { roomid: number }) {
  const { t } = useLingui();
  const inputId = useId();
  const errorId = useId();
  const [seqno, setSeqno] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const wanted = seqno.trim();
    if (!SEQNO.test(wanted)) {
      setError(t`Enter a round number such as 20261124-0001.`);
      return;
    }
    setError(null);
    navigate(pathTo('fairness', { roomid, seqno: wanted }));
  }

  return (
    <form className="field verify-round" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="field-label">
        {t`Verify round number`}
      </label>
      <div className="field-control">
        <input
          id={inputId}
          className="input"
          inputMode="numeric"
          autoComplete="off"
          placeholder="20261124-0001"
          value={seqno}
          onChange={(event) => setSeqno(event.target.value.replace(/[^\d-]/g, ''))}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
          data-testid="verify-seqno"
        />
        <button type="submit" className="btn btn-secondary btn-small">
          {t`Verify`}
        </button>
      </div>
      {error !== null && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
