import { t } from '@lingui/core/macro';
import { messageId, valuesIn, type MessageValues, type Refusal } from '../../shared/errors';
import { currentLocale, i18n } from './i18n';

/** The catalogue text of an error code or message key (`err.<code>`), in the active language. */
export function textOfCode(code: number | string, values?: MessageValues): string {
  const id = `err.${code}`;
  if (i18n.messages[id] !== undefined) return i18n._(id, valuesIn(currentLocale(), values));
  return t`Something went wrong (code ${code}).`;
}

/** A rule's refusal from src/shared as the text to show. */
export function messageOf(refusal: Refusal): string {
  const id = messageId(refusal.code);
  if (i18n.messages[id] !== undefined) return i18n._(id, valuesIn(currentLocale(), refusal.values));
  return textOfCode(refusal.code, refusal.values);
}
