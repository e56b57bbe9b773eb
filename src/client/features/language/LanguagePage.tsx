import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, type Locale } from '../../../shared/locale';
import { activateLocale, useLocale } from '../../i18n';
import { Icon, LanguageFlag, Page } from '../../ui';
import './language.css';

/** The picker's order (SPEC.md section 2): zh-CN, zh-TW, en-US, Vi. */
const ORDER: readonly Locale[] = ['zh-CN', 'zh-TW', 'en', 'vi'];

export default function LanguagePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const [pending, setPending] = useState<Locale | null>(null);

  async function choose(next: Locale) {
    if (next === locale) return;
    setPending(next);
    try {
      await activateLocale(next);
    } finally {
      setPending(null);
    }
  }

  return (
    <Page title={t`Language`}>
      <fieldset className="language-list card">
        <legend className="visually-hidden">{t`Choose the app language`}</legend>
        {ORDER.map((option) => {
          const selected = (pending ?? locale) === option;
          return (
            <label key={option} className={`language-option${selected ? ' is-selected' : ''}`} lang={option}>
              <input
                type="radio"
                name="locale"
                value={option}
                checked={selected}
                onChange={() => void choose(option)}
              />
              <LanguageFlag locale={option} />
              <span className="language-name">{LOCALE_NAMES[option]}</span>
              {selected && <Icon name="check" size={20} className="language-check" />}
            </label>
          );
        })}
      </fieldset>
    </Page>
  );
}
