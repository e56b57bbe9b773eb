import { i18n } from '@lingui/core';
import { apiLangOf, localeOrDefault, type ApiLang } from '../../shared/locale';

/**
 * The `lang` every call and stream carries (vi, chs, cht, en): the language lingui has active,
 * which i18n/ activates as the member chooses. Read from the library's one instance, so the API
 * needs nothing of the screens to know it.
 */
export function currentApiLang(): ApiLang {
  return apiLangOf(localeOrDefault(i18n.locale));
}
