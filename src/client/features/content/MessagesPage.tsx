import { useId, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Article } from '../../../shared/api/types';
import { ARTICLE_CATEGORY, articleContent, articleTitle } from '../../../shared/content';
import { useMessageReads } from '../../data';
import { useLocale } from '../../i18n';
import { EmptyState, Icon, Page, SyncedSection, UnreadBadge, useScreenActive } from '../../ui';
import { AccountMessages } from './AccountMessages';
import { ArticleHtml } from '../../ui/ArticleHtml';
import { useCategoryArticles } from './contentApi';
import { ArticleImages, ArticleTime, ContentLoading } from './parts';
import { pathTo } from '../../routing/paths';
import './content.css';

type TabKey = 'mine' | 'news' | 'announcements';

const TAB_CATEGORY: Record<Exclude<TabKey, 'mine'>, number> = {
  news: ARTICLE_CATEGORY.News,
  announcements: ARTICLE_CATEGORY.Announcement,
};

/** The member's own messages first: they are about their money. */
const TABS: readonly TabKey[] = ['mine', 'news', 'announcements'];

/** One entry: title and date; tapping it opens the sanitised content below. */
function MessageEntry({ article, open, onToggle }: { article: Article; open: boolean; onToggle: () => void }) {
  const locale = useLocale();
  const title = articleTitle(article, locale);
  const bodyId = useId();
  return (
    <li className={`message${open ? ' is-open' : ''}`} data-testid="message">
      <button
        type="button"
        className="message-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
        data-testid="message-toggle"
      >
        <span className="message-head-text">
          <span className="message-title" data-testid="message-title">
            {title}
          </span>
          <ArticleTime time={article.time} />
        </span>
        <Icon name="chevron" size={18} className="message-chevron" />
      </button>
      <div id={bodyId} className="message-body" hidden={!open} data-testid="message-body">
        {open && (
          <>
            <ArticleImages article={article} title={title} />
            <ArticleHtml html={articleContent(article, locale)} />
          </>
        )}
      </div>
    </li>
  );
}

function MessageList({ tab, panelId, tabId }: { tab: Exclude<TabKey, 'mine'>; panelId: string; tabId: string }) {
  const { t } = useLingui();
  const list = useCategoryArticles(TAB_CATEGORY[tab]);
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());

  function toggle(id: number) {
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div id={panelId} role="tabpanel" aria-labelledby={tabId} className="message-panel" data-testid={`messages-${tab}`}>
      <SyncedSection
        synced={list}
        unavailableTitle={t`Articles unavailable`}
        loading={<ContentLoading />}
        empty={
          tab === 'news' ? (
            <EmptyState title={t`No news yet`} text={t`News will appear here when it is published.`} icon="inbox" />
          ) : (
            <EmptyState
              title={t`No announcements yet`}
              text={t`Announcements will appear here when they are published.`}
              icon="inbox"
            />
          )
        }
      >
        {(rows) => (
          <ul className="message-list card">
            {rows.map((article) => (
              <MessageEntry
                key={article.id}
                article={article}
                open={openIds.has(article.id)}
                onToggle={() => toggle(article.id)}
              />
            ))}
          </ul>
        )}
      </SyncedSection>
    </div>
  );
}

/**
 * Messages (/message): first the messages about the member's own account (withdrawals decided),
 * with how many are unread on their tab, then news (category 9) and announcements (14), each entry
 * expanding in place. The page is kept alive, so the chosen tab and the open entries survive
 * navigating away and back; the lists are cached, so they read offline. The three tabs keep to one
 * row down to 320 px in every language (short labels).
 */
export default function MessagesPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<TabKey>('mine');
  const baseId = useId();
  const active = useScreenActive();
  const unread = useMessageReads().data?.unread;
  const labels: Record<TabKey, string> = {
    mine: t({ message: 'Personal', context: 'messages tab, keep short' }),
    news: t({ message: 'News', context: 'messages tab, keep short' }),
    announcements: t({ message: 'Notices', context: 'messages tab, keep short' }),
  };

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  return (
    <Page title={t`Messages`} backTo={pathTo('account')} className="content-page">
      <div className="tabs" role="tablist" aria-label={t`Messages`}>
        {TABS.map((key) => (
          <button
            key={key}
            id={`${baseId}-tab-${key}`}
            type="button"
            role="tab"
            className={`tab-button${tab === key ? ' is-active' : ''}`}
            aria-selected={tab === key}
            aria-controls={`${baseId}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={onKeyDown}
          >
            {labels[key]}
            {key === 'mine' && <UnreadBadge count={unread} />}
          </button>
        ))}
      </div>
      {TABS.map((key) => (
        <div key={key} hidden={tab !== key}>
          {key === 'mine' ? (
            <div
              id={`${baseId}-panel-${key}`}
              role="tabpanel"
              aria-labelledby={`${baseId}-tab-${key}`}
              className="message-panel"
              data-testid="messages-mine"
            >
              <AccountMessages shown={active && tab === 'mine'} />
            </div>
          ) : (
            <MessageList tab={key} panelId={`${baseId}-panel-${key}`} tabId={`${baseId}-tab-${key}`} />
          )}
        </div>
      ))}
    </Page>
  );
}
