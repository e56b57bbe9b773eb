import { useLingui } from '@lingui/react/macro';
import type { Article, ArticleSummary } from '../../../shared/api/types';
import { articleContent, articleTitle, isSafeUrl } from '../../../shared/content';
import type { Synced } from '../../data';
import { formatDate, useLocale } from '../../i18n';
import { Spinner, StaleBadge } from '../../ui';
import { ArticleHtml } from '../../ui/ArticleHtml';

export function ArticleTime({ time }: { time: number }) {
  useLocale(); // re-render in a newly chosen language
  if (!Number.isFinite(time) || time <= 0) return null;
  return (
    <time className="article-date" dateTime={new Date(time * 1000).toISOString()} data-testid="article-date">
      {formatDate(time, 'day')}
    </time>
  );
}

/** The image URLs of an article that may be shown. */
export function articleImages(article: Pick<ArticleSummary, 'img'>): string[] {
  return article.img.filter((src) => src.trim() !== '' && isSafeUrl(src));
}

/**
 * The article's pictures, loaded lazily. The service worker keeps them in its image cache, so an
 * article read once shows them offline too.
 */
export function ArticleImages({ article, title }: { article: Pick<ArticleSummary, 'img'>; title: string }) {
  const { t } = useLingui();
  const images = articleImages(article);
  if (images.length === 0) return null;
  return (
    <div className="article-images">
      {images.map((src, index) => {
        const n = index + 1;
        const count = images.length;
        return (
          <img
            key={`${index}-${src}`}
            src={src}
            alt={count === 1 ? title : t`${title} (picture ${n} of ${count})`}
            loading="lazy"
            decoding="async"
            className="article-image"
            data-testid="article-image"
          />
        );
      })}
    </div>
  );
}

export function ContentLoading() {
  const { t } = useLingui();
  return (
    <div className="content-loading">
      <Spinner label={t`Loading`} />
    </div>
  );
}

/** A whole article: title, date, freshness, pictures and the sanitised HTML, in the member's language. */
export function ArticleView({ article, freshness }: { article: Article; freshness: Synced<unknown> }) {
  const locale = useLocale();
  const title = articleTitle(article, locale);
  return (
    <article className="article card" data-testid="article" data-article-id={article.id}>
      <header className="article-head">
        <h2 className="article-title" data-testid="article-title">
          {title}
        </h2>
        <div className="article-meta">
          <ArticleTime time={article.time} />
          <StaleBadge status={freshness.status} updatedAt={freshness.updatedAt} validating={freshness.isValidating} />
        </div>
      </header>
      <ArticleImages article={article} title={title} />
      <ArticleHtml html={articleContent(article, locale)} />
    </article>
  );
}
