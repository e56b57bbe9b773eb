import { Link, useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { EmptyState, Page, SyncedSection } from '../../ui';
import { isRefusal, parseId, useArticle } from './contentApi';
import { ArticleView, ContentLoading } from './parts';
import { pathTo } from '../../routing/paths';
import './content.css';

/** One article by id (/help/:id), opened from the help list. Cached, so it reads offline once seen. */
export default function HelpPage() {
  const { t } = useLingui();
  const { id } = useParams<{ id: string }>();
  const articleId = parseId(id);
  const synced = useArticle(articleId);
  // The server answered that there is no such article (a refusal, or no data): not a network
  // problem. A refusal also outranks a cached copy: the article was removed since it was read.
  const missing = articleId === null || isRefusal(synced.error) || synced.data === null;
  return (
    <Page title={t`Help`} backTo={pathTo('helpList')} className="content-page">
      {missing ? (
        <EmptyState
          title={t`Article not found`}
          text={t`It may have been removed, or the link is mistyped.`}
          icon="book"
          action={
            <Link href={pathTo('helpList')} className="btn btn-secondary">
              {t`All articles`}
            </Link>
          }
        />
      ) : (
        <SyncedSection
          synced={synced}
          badge={false}
          loading={<ContentLoading />}
          unavailableTitle={t`Articles unavailable`}
          offlineText={t`This article was never opened on this device: once opened online, it reads offline too.`}
        >
          {(article) => article && <ArticleView article={article} freshness={synced} />}
        </SyncedSection>
      )}
    </Page>
  );
}
