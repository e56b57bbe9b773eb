import { useLingui } from '@lingui/react/macro';
import { PUSH_KINDS, type PushKind } from '../../../shared/push';
import { ApiPath } from '../../api';
import { defineQuery, useQuery } from '../../data';
// Not from the data layer's index: it reads the device's database, which the first screen loads without.
import { useHasPlayed } from '../../data/hasPlayed';
import { PUSH_KIND_NAMES } from '../../i18n/pushKindNames';
import { pushSupported } from '../../pwa/pushDevice';
import { CheckboxField, FormError, SyncedSection } from '../../ui';
import { useSessions } from './accountApi';
import { useDevicePush } from './useDevicePush';

/** The server's key for this device's subscription; '' when the server sends no notifications. */
const pushKeyQuery = defineQuery(ApiPath.pushKey, {});

/**
 * The settings' notifications (issue 47), per kind and per device. Offered only to a member who has
 * played once (never on a first visit), in a browser that can receive them, from a server that
 * sends them; nothing is drawn otherwise, and nothing is asked of the browser on arrival.
 */
export function NotificationsSection() {
  const played = useHasPlayed() === true;
  const offered = played && pushSupported();
  const key = useQuery(offered ? pushKeyQuery : null);
  const publicKey = key.data?.publicKey ?? '';
  if (!offered || publicKey === '') return null;
  return <NotificationChoices publicKey={publicKey} />;
}

function NotificationChoices({ publicKey }: { publicKey: string }) {
  const { t } = useLingui();
  const sessions = useSessions();
  const push = useDevicePush(publicKey);
  return (
    <>
      <h2 className="section-title" id="notifications-title">{t`Notifications`}</h2>
      <section className="notifications card" aria-labelledby="notifications-title" data-testid="notifications">
        <p className="text-muted notifications-note">{t`Sent to this device only. Choose what you want to hear about:`}</p>
        <SyncedSection synced={sessions} unavailableTitle={t`Notifications unavailable`}>
          {(list) => (
            <KindToggles
              // What this device asked for: the current session's subscription.
              chosen={push.pending ?? list.find((session) => session.current)?.push?.kinds ?? []}
              busy={push.pending !== null}
              onChange={(kinds) => void push.choose(kinds)}
            />
          )}
        </SyncedSection>
        {push.denied && (
          <p className="form-error" role="alert" data-testid="notifications-denied">
            {t`Notifications are blocked for this app. Allow them in your browser’s settings, then try again.`}
          </p>
        )}
        <FormError message={push.error} />
      </section>
    </>
  );
}

function KindToggles({
  chosen,
  busy,
  onChange,
}: {
  chosen: readonly PushKind[];
  busy: boolean;
  onChange: (kinds: PushKind[]) => void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="notification-kinds" aria-busy={busy || undefined}>
      {PUSH_KINDS.map((kind) => (
        <CheckboxField
          key={kind}
          name={`push-${kind}`}
          checked={chosen.includes(kind)}
          disabled={busy}
          onChange={(event) =>
            onChange(PUSH_KINDS.filter((each) => (each === kind ? event.target.checked : chosen.includes(each))))
          }
          label={
            <>
              <span className="notification-kind">{i18n._(PUSH_KIND_NAMES[kind].name)}</span>
              <span className="notification-kind-detail">{i18n._(PUSH_KIND_NAMES[kind].detail)}</span>
            </>
          }
        />
      ))}
    </div>
  );
}
