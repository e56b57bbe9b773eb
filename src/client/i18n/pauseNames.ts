import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PauseKind } from '../../shared/play';

/** A pause of play in the member's language: every screen that says one is in force names it so. */
export const PAUSE_NAMES: Record<PauseKind, MessageDescriptor> = {
  cooloff: msg({ message: 'Cool-off', context: 'play pause' }),
  exclusion: msg({ message: 'Self-exclusion', context: 'play pause' }),
};
