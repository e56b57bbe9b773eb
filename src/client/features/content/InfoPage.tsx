import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { INTRODUCTION_ARTICLE_ID } from '../../../shared/content';
import { EmptyState, Page, SyncedSection } from '../../ui';
import { parseId, useCategoryArticles } from './contentApi';
import { ArticleView, ContentLoading } from './parts';
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

  return (
    <Page title={type === INTRODUCTION_ARTICLE_ID ? t`About` : t`Information`} className="content-page">
      {type === null ? (
        <EmptyState title={t`Article not found`} text={t`The link may be old or mistyped.`} icon="book" />
      ) : (
        <SyncedSection
          synced={articles}
          badge={false}
          unavailableTitle={t`Articles unavailable`}
          loading={<ContentLoading />}
          empty={<EmptyState title={t`Nothing published here yet`} text={t`Check back later.`} icon="book" />}
        >
          {/* The newest article of the category; ArticleView shows its freshness. */}
          {(list) => <ArticleView article={list[0]} freshness={articles} />}
        </SyncedSection>
      )}
    </Page>
  );
}
