import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { INTRODUCTION_ARTICLE_ID } from '../../../shared/content';
import { EmptyState, Page } from '../../ui';
import { parseId, useCategoryArticles } from './contentApi';
import { ArticleView, ContentLoading, ContentUnavailable } from './parts';
import './content.css';

/**
 * Article by type (/info/:id): the newest article of category `id`, e.g. the introduction at
 * /info/26 from the home quick menu. Cached, so it reads offline once seen.
 */
export default function InfoPage() {
  const { t } = useLingui();
  const { id } = useParams<{ id: string }>();
  const type = parseId(id);
  const articles = useCategoryArticles(type);
  const article = articles.data?.[0];

  return (
    <Page title={type === INTRODUCTION_ARTICLE_ID ? t`Introduction` : t`Information`} className="content-page">
      {article ? (
        <ArticleView article={article} freshness={articles} />
      ) : type === null ? (
        <EmptyState title={t`Article not found`} text={t`The link may be old or mistyped.`} icon="book" />
      ) : articles.isLoading ? (
        <ContentLoading />
      ) : articles.data ? (
        <EmptyState title={t`Nothing published here yet`} text={t`Check back later.`} icon="book" />
      ) : (
        <ContentUnavailable onRetry={() => void articles.refresh()} />
      )}
    </Page>
  );
}
