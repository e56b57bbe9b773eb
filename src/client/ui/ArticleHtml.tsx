import { useMemo } from 'react';
import { sanitizeHtml } from './sanitizeHtml';
import './article-html.css';

/**
 * The one way article HTML reaches the page: through the allowlist of sanitizeHtml. Imported by
 * path, not through the ui index, so DOMPurify loads only with the screens that show articles.
 */
export function ArticleHtml({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="article-html" data-testid="article-html" dangerouslySetInnerHTML={{ __html: safe }} />;
}
