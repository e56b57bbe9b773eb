import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { WithdrawalStatus } from '../../shared/api/types';

/** A withdrawal's status in the member's language. */
export const WITHDRAWAL_STATUS_NAMES: Record<WithdrawalStatus, MessageDescriptor> = {
  pending: msg({ message: 'Waiting for review', context: 'withdrawal status' }),
  paid: msg({ message: 'Paid', context: 'withdrawal status' }),
  rejected: msg({ message: 'Rejected', context: 'withdrawal status' }),
  cancelled: msg({ message: 'Cancelled', context: 'withdrawal status' }),
};
