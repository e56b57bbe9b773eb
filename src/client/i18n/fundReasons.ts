import type { I18n } from '@lingui/core';
import type { FundLogEntry } from '../../shared/api/types';

/**
 * A fund-log reason in the member's language, by code from the shared catalogue (locales/errors,
 * ids `reason.<code>`), the one the server's `reason` comes from too. Translated here rather than
 * taken from `reason` (the server's text in the language of the request), so cached rows follow a
 * language change; a code the catalogue does not know shows the server's text.
 */
export function fundReasonText(i18n: I18n, row: Pick<FundLogEntry, 'reasonCode' | 'reason'>): string {
  const id = `reason.${row.reasonCode}`;
  return Object.hasOwn(i18n.messages, id) ? i18n._(id) : row.reason;
}
