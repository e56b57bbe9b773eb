import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PushKind } from '../../shared/push';

/**
 * The kinds of notifications a member may ask for (issue 47), in the member's language: the short
 * name a session lists and the settings' line that explains it.
 */
export const PUSH_KIND_NAMES: Record<PushKind, { name: MessageDescriptor; detail: MessageDescriptor }> = {
  result: {
    name: msg({ message: 'Round results', context: 'notification kind' }),
    detail: msg`The result of a round you played: won, lost or even.`,
  },
  withdrawal: {
    name: msg({ message: 'Withdrawals', context: 'notification kind' }),
    detail: msg`A withdrawal paid or refused.`,
  },
  limit: {
    name: msg({ message: 'Play limits', context: 'notification kind' }),
    detail: msg`A play limit of yours reached.`,
  },
  pause: {
    name: msg({ message: 'Breaks from play', context: 'notification kind' }),
    detail: msg`A cool-off or self-exclusion ended.`,
  },
};
