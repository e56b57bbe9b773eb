import { useCallback } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import { OUTCOME_KEYS } from '../../shared/game';
import type { OrderStatus, RoomKind } from '../../shared/api/types';

type OutcomeKey = (typeof OUTCOME_KEYS)[number];

/**
 * Game vocabulary in the member's language (the game room, the home ticker). The eleven outcome
 * names (DESIGN.md section 4) come from the shared catalogue (locales/errors, ids
 * `outcome.<key>` by the keys of src/shared, the index being OUTCOME_KEYS order), the one the
 * server names them from too.
 */
const outcomeId = (key: OutcomeKey): string => `outcome.${key}`;

/** The outcome name of an index in the member's language; re-renders with the language. */
export function useOutcomeName(): (value: number) => string {
  // `_` changes with the active language, so memoized rows re-render when the member switches.
  const { _ } = useLingui();
  return useCallback(
    (value: number) => {
      const key = OUTCOME_KEYS[value];
      return key ? _(outcomeId(key)) : `#${value}`;
    },
    [_],
  );
}

export const ROOM_KIND_NAMES: Record<RoomKind, MessageDescriptor> = {
  standard: msg({ message: 'Standard', context: 'room kind' }),
  vip: msg({ message: 'VIP', context: 'room kind' }),
  superior: msg({ message: 'Superior', context: 'room kind' }),
  premier: msg({ message: 'Premier', context: 'room kind' }),
};

export const ORDER_STATUS_NAMES: Record<OrderStatus, MessageDescriptor> = {
  wait: msg({ message: 'Pending', context: 'order status' }),
  win: msg({ message: 'Won', context: 'order status' }),
  lose: msg({ message: 'Lost', context: 'order status' }),
  refund: msg({ message: 'Refunded', context: 'order status' }),
  cancel: msg({ message: 'Cancelled', context: 'order status' }),
};
