export { i18n, activateLocale, storedLocale } from './i18n';
export { messageOf, textOfCode } from './messages';
export { failureText } from './failureText';
export {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatPercent,
  formatServerDay,
  formatSignedMoney,
  formatUsd,
  serverMidnightHere,
} from './format';
export { fundReasonText } from './fundReasons';
export { roomEntryText } from './roomEntry';
export { useLocale } from './useLocale';
export { ROOM_KIND_NAMES, ORDER_STATUS_NAMES, useOutcomeName } from './gameNames';
export { WITHDRAWAL_STATUS_NAMES } from './withdrawalNames';
export { PAUSE_NAMES } from './pauseNames';
