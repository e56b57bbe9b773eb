import { useLingui } from '@lingui/react/macro';
import { REALITY_CHECK_CHOICES } from '../../../shared/play';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { FormError, SelectField, toast } from '../../ui';

/** How often a game room shows the time played and the net result; saved as soon as it is chosen. */
export function RealityCheckField({ minutes }: { minutes: number }) {
  const { t } = useLingui();
  const { send, busy, error } = useWrite(ApiPath.setRealityCheck);

  async function choose(next: number) {
    const result = await send({ minutes: next });
    if (!result.ok) return;
    toast.success(t`Reality check saved`);
    await result.changed;
  }

  return (
    <section className="card reality-card" aria-labelledby="reality-title">
      <h2 id="reality-title" className="limit-form-title">
        {t`Reality check`}
      </h2>
      <SelectField
        label={t`In a game room, show my time played and net result`}
        value={String(minutes)}
        disabled={busy}
        onChange={(event) => void choose(Number(event.target.value))}
      >
        {REALITY_CHECK_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice === 0 ? t`Never` : t`Every ${choice} minutes`}
          </option>
        ))}
      </SelectField>
      <p className="field-hint" data-testid="reality-check-stop">
        {t`At each check, "Keep playing" goes on and "Stop" ends this play session and leaves the room for home; the next room you open starts a new session.`}
      </p>
      <FormError message={error} />
    </section>
  );
}
