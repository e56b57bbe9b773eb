import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { ArticleSummary } from '../../../shared/api/types';
import { ARTICLE_CATEGORY, articleTitle } from '../../../shared/content';
import { useLocale } from '../../i18n';
import { Icon, Page, StaleBadge, SyncedSection } from '../../ui';
import { useArticleSummaries } from './contentApi';
import { ArticleTime, articleImages, ContentLoading } from './parts';
import { pathTo } from '../../routing/paths';
import './content.css';

function SummaryRow({ article }: { article: ArticleSummary }) {
  const locale = useLocale();
  const title = articleTitle(article, locale);
  const [cover] = articleImages(article);
  return (
    <li>
      <Link href={pathTo('help', { id: article.id })} className="article-row" data-testid="article-row">
        {cover ? (
          <img src={cover} alt="" loading="lazy" decoding="async" className="article-thumb" />
        ) : (
          <span className="article-thumb article-thumb-empty" aria-hidden="true">
            <Icon name="book" size={22} />
          </span>
        )}
        <span className="article-row-text">
          <span className="article-row-title">{title}</span>
          <ArticleTime time={article.time} />
        </span>
        <Icon name="chevron" size={18} className="menu-chevron" />
      </Link>
    </li>
  );
}

/** One category's titles and pictures, each leading to /help/:id. */
function Section({ type, heading, empty, testId }: { type: number; heading: string; empty: string; testId: string }) {
  const { t } = useLingui();
  const list = useArticleSummaries(type);
  const headingId = `help-section-${type}`;
  return (
    <section className="help-section" aria-labelledby={headingId} data-testid={testId}>
      <div className="help-section-head">
        <h2 id={headingId} className="section-title">
          {heading}
        </h2>
        <StaleBadge status={list.status} updatedAt={list.updatedAt} validating={list.isValidating} />
      </div>
      <SyncedSection
        synced={list}
        badge={false}
        loading={<ContentLoading />}
        empty={<p className="text-muted card">{empty}</p>}
        unavailableTitle={t`Articles unavailable`}
        unavailableText={t`Could not be loaded. Try again in a moment.`}
        offlineText={t`Not available offline yet: it will appear once the app can reach the server.`}
      >
        {(rows) => (
          <ul className="article-list card">
            {rows.map((article) => (
              <SummaryRow key={article.id} article={article} />
            ))}
          </ul>
        )}
      </SyncedSection>
    </section>
  );
}

/**
 * Help (/help/list): the help guides first (an addition of ours), then the article list of
 * category 9 (SPEC.md section 2): titles and pictures, newest first.
 */
export default function HelpListPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Help`} className="content-page">
      <Section type={ARTICLE_CATEGORY.Help} heading={t`Guides`} empty={t`No guides yet.`} testId="help-guides" />
      <Section type={ARTICLE_CATEGORY.News} heading={t`News`} empty={t`No news yet.`} testId="help-news" />
    </Page>
  );
}
