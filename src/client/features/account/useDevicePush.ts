import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { PushKind } from '../../../shared/push';
import { ApiPath } from '../../api';
import { useWrite } from '../../data';
import {
  askNotificationPermission,
  notificationPermission,
  subscribeDevice,
  unsubscribeDevice,
} from '../../pwa/pushDevice';

export interface DevicePush {
  /** Sets the kinds this device asks for: none ends its subscription. */
  choose: (kinds: PushKind[]) => Promise<void>;
  /** The kinds being set, while they are (the toggles show them meanwhile); null when idle. */
  pending: PushKind[] | null;
  /** The member (or the browser's settings) said no to notifications for this site. */
  denied: boolean;
  /** What went wrong that no toast said: offline, no answer, the browser's refusal. */
  error: string | null;
}

/**
 * Turning this device's notifications on, changing their kinds and off (issue 47). The browser's
 * permission is asked only here, once the member turned a kind on: never on arrival. Then the
 * device subscribes with the server's key and the server is told the kinds; a refusal by the
 * server undoes a subscription made for it. All kinds off ends both ends of it.
 */
export function useDevicePush(publicKey: string): DevicePush {
  const { t } = useLingui();
  const subscribe = useWrite(ApiPath.pushSubscribe);
  const unsubscribe = useWrite(ApiPath.pushUnsubscribe);
  const [pending, setPending] = useState<PushKind[] | null>(null);
  const [denied, setDenied] = useState(() => notificationPermission() === 'denied');
  const [problem, setProblem] = useState<string | null>(null);

  async function turnOn(kinds: PushKind[]): Promise<void> {
    // Asked first: nothing is subscribed for a member who says no.
    const permission = await askNotificationPermission();
    setDenied(permission === 'denied');
    if (permission !== 'granted') return;
    let device;
    try {
      device = await subscribeDevice(publicKey);
    } catch {
      setProblem(t`This browser could not turn notifications on. Try again later.`);
      return;
    }
    const { created, ...keys } = device;
    const result = await subscribe.send({ ...keys, kinds });
    if (!result.ok) {
      if (created) await unsubscribeDevice();
      return;
    }
    await result.changed;
  }

  async function turnOff(): Promise<void> {
    // The server first: offline nothing is sent, and the device keeps what the server keeps.
    const result = await unsubscribe.send({});
    if (!result.ok) return;
    await unsubscribeDevice();
    await result.changed;
  }

  async function choose(kinds: PushKind[]): Promise<void> {
    if (pending !== null) return;
    const offline = subscribe.refusal();
    setProblem(offline);
    if (offline !== null) return;
    setPending(kinds);
    try {
      await (kinds.length === 0 ? turnOff() : turnOn(kinds));
    } finally {
      setPending(null);
    }
  }

  return { choose, pending, denied, error: problem ?? subscribe.error ?? unsubscribe.error };
}
