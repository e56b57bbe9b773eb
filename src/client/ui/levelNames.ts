import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { vipLevel } from '../../shared/vip';

/** The eight level names, matching the badge colours (LevelBadge.tsx), bronze to diamond. Display only. */
const LEVEL_NAMES: readonly MessageDescriptor[] = [
  msg({ message: 'Bronze', context: 'VIP level 1' }),
  msg({ message: 'Silver', context: 'VIP level 2' }),
  msg({ message: 'Gold', context: 'VIP level 3' }),
  msg({ message: 'Jade', context: 'VIP level 4' }),
  msg({ message: 'Sapphire', context: 'VIP level 5' }),
  msg({ message: 'Amethyst', context: 'VIP level 6' }),
  msg({ message: 'Ruby', context: 'VIP level 7' }),
  msg({ message: 'Diamond', context: 'VIP level 8' }),
];

export function levelName(i18n: I18n, level: number): string {
  return i18n._(LEVEL_NAMES[vipLevel(level) - 1]);
}
