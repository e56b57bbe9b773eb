import { useMemo } from 'react';
import { useStarted } from '../lib/useStarted';
import { sanitizeHtml } from './sanitizeHtml';
import './article-html.css';

/**
 * The one way article HTML reaches the page: through the allowlist of sanitizeHtml. Imported by
 * path, not through the ui index, so DOMPurify loads only with the screens that show articles.
 */
export function ArticleHtml({ html }: { html: string }) {
  // DOMPurify needs the browser's parser: the server's page leaves the article to the app, which
  // fills it once started (the server already cleaned it when it was saved).
  const started = useStarted();
  const safe = useMemo(() => (started ? sanitizeHtml(html) : ''), [html, started]);
  return <div className="article-html" data-testid="article-html" dangerouslySetInnerHTML={{ __html: safe }} />;
}
