/**
 * What a notification says (shared/push.ts PushPayload), in the subscription's language: a round's
 * result as the app's own result notice says it (won, lost or even, with the stake, what it paid
 * and the net), a withdrawal paid or refused with its reference, and a test from the operator. The
 * page each opens: the room, the withdrawals, the account.
 */
import { formatMoney } from '../../../shared/money';
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
