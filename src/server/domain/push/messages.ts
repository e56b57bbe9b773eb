/**
 * What a notification says (shared/push.ts PushPayload), in the subscription's language: a round's
 * result as the app's own result notice says it (won, lost or even, with the stake, what it paid
 * and the net), a withdrawal paid or refused with its reference, and a test from the operator. The
 * page each opens: the room, the withdrawals, the account.
 */
import { formatInstant } from '../../../shared/instant';
import { formatMoney } from '../../../shared/money';
import type { PauseKind, PlayLimitKind, PlayPeriod } from '../../../shared/play';
import { SERVER_TIME_ZONE } from '../../../shared/serverDay';
import type { Locale } from '../../../shared/locale';
import { pushTag, type PushPayload } from '../../../shared/push';
import type { Translator } from '../../i18n';

export function resultMessage(
  translator: Translator,
  lang: Locale,
  round: { seqno: string; roomId: number },
  cents: { stake: number; award: number },
): PushPayload {
  const net = cents.award - cents.stake;
  const verdict = net > 0 ? 'won' : net < 0 ? 'lost' : 'even';
  const values = {
    round: round.seqno,
    stake: formatMoney(cents.stake, lang),
    paid: formatMoney(cents.award, lang),
    net: formatMoney(Math.abs(net), lang),
  };
  return {
    kind: 'result',
    lang,
    title: translator.pushText(lang, `result.${verdict}.title`, values),
    body: translator.pushText(lang, `result.${verdict}.body`, values),
    url: `/activity/${round.roomId}`,
    tag: pushTag('result'),
    net,
  };
}

export function withdrawalMessage(
  translator: Translator,
  lang: Locale,
  withdrawal: { id: number; status: 'paid' | 'rejected'; amountCents: number },
): PushPayload {
  const values = { amount: formatMoney(withdrawal.amountCents, lang), reference: String(withdrawal.id) };
  return {
    kind: 'withdrawal',
    lang,
    title: translator.pushText(lang, `withdrawal.${withdrawal.status}.title`, values),
    body: translator.pushText(lang, `withdrawal.${withdrawal.status}.body`, values),
    url: '/withdraw',
    tag: pushTag('withdrawal'),
    net: null,
  };
}

/** A play limit used in full: which one, how much, and when its period starts again. */
export function limitMessage(
  translator: Translator,
  lang: Locale,
  limit: { period: PlayPeriod; kind: PlayLimitKind; cents: number; resetAt: number },
): PushPayload {
  const values = {
    limit: translator.pushText(lang, `limitName.${limit.period}.${limit.kind}`),
    amount: formatMoney(limit.cents, lang),
    time: formatInstant(limit.resetAt, lang, 'moment', { timeZone: SERVER_TIME_ZONE, named: true }),
  };
  return {
    kind: 'limit',
    lang,
    title: translator.pushText(lang, 'limit.title', values),
    body: translator.pushText(lang, 'limit.body', values),
    url: '/responsible_play',
    tag: pushTag('limit'),
    net: null,
  };
}

/** A cool-off or a self-exclusion that ended: play is open again. */
export function pauseEndedMessage(translator: Translator, lang: Locale, kind: PauseKind): PushPayload {
  return {
    kind: 'pause',
    lang,
    title: translator.pushText(lang, `pause.${kind}.title`),
    body: translator.pushText(lang, 'pause.body'),
    url: '/responsible_play',
    tag: pushTag('pause'),
    net: null,
  };
}

/** `push:test`: the operator checks a member's devices take notifications. */
export function testMessage(translator: Translator, lang: Locale): PushPayload {
  return {
    kind: 'result',
    lang,
    title: translator.pushText(lang, 'test.title'),
    body: translator.pushText(lang, 'test.body'),
    url: '/user',
    tag: 'roundplay-test',
    net: null,
  };
}
