export { i18n, activateLocale, currentLocale, currentApiLang, storedLocale } from './i18n';
export { messageOf, textOfCode } from './messages';
export { formatDateTime } from './format';
export { useLocale } from './useLocale';
export { OUTCOME_NAMES, ROOM_KIND_NAMES, ORDER_STATUS_NAMES, outcomeName, useOutcomeName } from './gameNames';
