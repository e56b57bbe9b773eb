import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PlayLimitKind, PlayPeriod } from '../../../shared/play';

/** Each period as a heading ("Per day") and inside a sentence ("daily"). */
export const PERIOD_NAMES: Record<PlayPeriod, MessageDescriptor> = {
  day: msg({ message: 'Per day', context: 'play limit period' }),
  week: msg({ message: 'Per week (from Monday)', context: 'play limit period' }),
  month: msg({ message: 'Per month', context: 'play limit period' }),
};

export const PERIOD_ADJECTIVES: Record<PlayPeriod, MessageDescriptor> = {
  day: msg({ message: 'Daily', context: 'play limit period' }),
  week: msg({ message: 'Weekly', context: 'play limit period' }),
  month: msg({ message: 'Monthly', context: 'play limit period' }),
};

/** What a limit caps. */
export const KIND_NAMES: Record<PlayLimitKind, MessageDescriptor> = {
  stake: msg({ message: 'Stakes', context: 'play limit kind' }),
  loss: msg({ message: 'Net loss', context: 'play limit kind' }),
  deposit: msg({ message: 'Deposits', context: 'play limit kind' }),
};

/** The lengths of src/shared/play.ts PAUSE_DAYS, as a member reads them. */
export const PAUSE_LENGTH_NAMES: Readonly<Record<number, MessageDescriptor>> = {
  1: msg`24 hours`,
  7: msg`7 days`,
  30: msg`30 days`,
  183: msg`6 months`,
  365: msg`1 year`,
  1826: msg`5 years`,
};
