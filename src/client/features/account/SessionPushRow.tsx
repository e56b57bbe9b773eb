import { useLingui } from '@lingui/react/macro';
import type { SessionPush } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import { PUSH_KIND_NAMES } from '../../i18n/pushKindNames';
import { unsubscribeDevice } from '../../pwa/pushDevice';
import { Icon, toast } from '../../ui';

/**
 * A session's notifications on the security page (issue 47): the kinds its device asked for, and
 * their removal, for a device the member no longer holds or wants news on. This device's own
 * subscription in the browser ends with it.
 */
export function SessionPushRow({ push, current }: { push: SessionPush; current: boolean }) {
  const { t, i18n } = useLingui();
  const { send, busy } = useWrite(ApiPath.pushUnsubscribe);
  const kinds = push.kinds.map((kind) => i18n._(PUSH_KIND_NAMES[kind].name)).join(', ');

  async function remove() {
    const result = await send({ id: push.id });
    // A refusal or no answer was said by the app (a toast): nothing changed.
    if (!result.ok) {
      if (!result.refused && result.text) toast.warn(result.text);
      return;
    }
    if (current) await unsubscribeDevice();
    toast.success(t`Notifications removed`);
    await result.changed;
  }

  return (
    <div className="session-push" data-testid="session-push">
      <span className="session-push-kinds">
        <Icon name="bell" size={16} /> {t`Notifications: ${kinds}`}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => void remove()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {t`Remove`}
      </button>
    </div>
  );
}
