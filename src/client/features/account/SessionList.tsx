import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { SessionItem } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { formatDateTime } from '../../i18n';
import { confirmDialog, FormError, Icon, SyncedSection, TextField, toast } from '../../ui';
import { useSessions } from './accountApi';
import { SessionPushRow } from './SessionPushRow';

/** The browser and the system a session was opened on, as plain text. */
function deviceName(session: SessionItem, unknown: string): string {
  return [session.browser, session.os].filter(Boolean).join(' · ') || unknown;
}

function SessionRow({ session }: { session: SessionItem }) {
  const { t } = useLingui();
  const created = formatDateTime(session.createdAt);
  const used = formatDateTime(session.lastUsedAt);
  const place = session.place;
  return (
    <li className="session" data-testid="session" data-current={session.current || undefined}>
      <p className="session-head">
        <span className="session-device" data-testid="session-device">
          {deviceName(session, t`Unknown device`)}
        </span>
        {session.current && <span className="session-current">{t`This device`}</span>}
      </p>
      <p className="text-muted session-detail" data-testid="session-detail">
        {place ? t`From ${place}` : t`Address unknown`} · {t`Logged in ${created}`} · {t`Last used ${used}`}
      </p>
      {session.push && <SessionPushRow push={session.push} current={session.current} />}
    </li>
  );
}

/**
 * Where the member is logged in (security page): each session's device, approximate place and
 * times, this device first; one button logs out all the others, for a device the member does not know.
 */
export function SessionList() {
  const { t } = useLingui();
  const sessions = useSessions();
  const { send, busy, error } = useWrite(ApiPath.endOtherSessions);
  const [password, setPassword] = useState('');
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  async function endOthers(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const confirmed = await confirmDialog({
      title: t`Log out the other devices?`,
      message: t`Every other device logged in to your account will need the password again.`,
      confirmLabel: t`Log them out`,
      cancelLabel: t`Cancel`,
      tone: 'danger',
    });
    if (!confirmed) return;
    const result = await send({ password });
    if (!result.ok) return;
    setPassword('');
    toast.success(t`The other devices are logged out`);
    await result.changed;
  }

  return (
    <section className="sessions card" aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title" className="sessions-title">
        <Icon name="user" size={20} />
        {t`Where you are logged in`}
      </h2>
      <SyncedSection synced={sessions} unavailableTitle={t`Sessions unavailable`}>
        {(list) => (
          <ul className="session-list">
            {list.map((session, index) => (
              <SessionRow key={`${session.createdAt}-${index}`} session={session} />
            ))}
          </ul>
        )}
      </SyncedSection>
      <p className="text-muted sessions-note">{t`A session ends after 7 days without use, and 30 days after logging in.`}</p>
      {others > 0 && (
        // The login password proves it is the member, not someone holding this session only.
        <form className="sessions-end" onSubmit={(event) => void endOthers(event)} noValidate>
          <TextField
            label={t`Your login password`}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <FormError message={error} />
          <button
            type="submit"
            className="btn btn-secondary btn-block"
            disabled={busy || password === ''}
            aria-busy={busy || undefined}
          >
            {t`Log out the other devices`}
          </button>
        </form>
      )}
    </section>
  );
}
