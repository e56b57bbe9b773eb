import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { PAUSE_KINDS, type PlayPause } from '../../../shared/api/types';
import { PAUSE_DAYS } from '../../../shared/play';
import { DAY_MS } from '../../../shared/serverDay';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { formatDateTime, PAUSE_NAMES } from '../../i18n';
import { confirmDialog, FormError, Icon, SelectField, SubmitButton, toast } from '../../ui';
import { PAUSE_LENGTH_NAMES } from './playNames';

/** A choice of the pause list: its kind and length, as one value of the select. */
const choices = PAUSE_KINDS.flatMap((kind) =>
  PAUSE_DAYS[kind].map((days) => ({ kind, days, value: `${kind}:${days}` })),
);

/**
 * The pause in force, if any, and taking one: a cool-off or a self-exclusion, confirmed first,
 * since nobody (the member, customer service) can end it early.
 */
export function PauseSection({ pause }: { pause: PlayPause | null }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  // During a pause only a longer one is offered: longer than the days it still has to run (a
  // second 24 hours a minute into a 24-hour cool-off would add a minute).
  const [offered] = useState(() => {
    const daysLeft = pause ? Math.ceil((pause.until - Date.now()) / DAY_MS) : 0;
    return choices.filter((c) => c.days > daysLeft);
  });
  const [choice, setChoice] = useState((offered[0] ?? choices[0]).value);
  const { send, busy, error } = useWrite(ApiPath.pausePlay);
  const chosen = offered.find((c) => c.value === choice) ?? offered[0] ?? choices[0];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const until = formatDateTime(Date.now() + chosen.days * DAY_MS);
    const confirmed = await confirmDialog({
      title: t`Pause play until ${until}?`,
      message: t`Orders will be refused until then. Neither you nor customer service can end it early. You can still log in, read your fund log and messages, and withdraw.`,
      confirmLabel: t`Pause play`,
      cancelLabel: t`Cancel`,
      tone: 'danger',
    });
    if (!confirmed) return;
    const result = await send({ kind: chosen.kind, days: chosen.days });
    if (!result.ok) return;
    toast.success(t`Play is paused until ${formatDateTime(result.data.until)}`);
    await result.changed;
  }

  return (
    <section className="card pause-card" aria-labelledby="pause-title" data-testid="pause">
      <h2 id="pause-title" className="pause-title">
        <Icon name="timer" size={20} />
        {pause ? t`Play is paused` : t`Take a break`}
      </h2>
      {pause ? (
        <p className="pause-state" data-testid="pause-state">
          {t`${_(PAUSE_NAMES[pause.kind])} until ${formatDateTime(pause.until)}. Orders are refused until then; you can still log in, read your fund log and messages, and withdraw your balance.`}
        </p>
      ) : (
        <p className="text-muted">
          {t`A cool-off or a self-exclusion stops your orders for the time you choose. Neither you nor customer service can end it early.`}
        </p>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <SelectField
          label={pause ? t`Pause for longer` : t`Pause`}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          {offered.map((c) => (
            <option key={c.value} value={c.value}>
              {`${_(PAUSE_NAMES[c.kind])}: ${_(PAUSE_LENGTH_NAMES[c.days])}`}
            </option>
          ))}
        </SelectField>
        <FormError message={error} />
        <SubmitButton busy={busy}>{t`Pause play`}</SubmitButton>
      </form>
    </section>
  );
}
