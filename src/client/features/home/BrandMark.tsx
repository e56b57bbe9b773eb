import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../../data';
import { useLocale } from '../../i18n';
import { Logo } from '../../ui';

/**
 * The logo by language (SPEC.md section 2, Home): the mark, the site name from the server's
 * config and the site's caption in the member's language.
 */
export function BrandMark() {
  const { t } = useLingui();
  const locale = useLocale();
  const siteName = useConfig().data?.siteName || 'RoundPlay';
  return (
    <div className="home-brand" lang={locale} data-testid="home-brand">
      <Logo size={38} />
      <span className="home-wordmark">
        <span className="home-site">{siteName}</span>
        <span className="home-tagline" data-testid="home-tagline">
          {t({ message: 'Timed rounds, provably fair', context: 'site caption next to the logo' })}
        </span>
      </span>
    </div>
  );
}
