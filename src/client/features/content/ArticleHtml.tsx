import { useMemo } from 'react';
import { sanitizeHtml } from './sanitizeHtml';

/** The one way article HTML reaches the page: through the allowlist of sanitizeHtml. */
export function ArticleHtml({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="article-html" data-testid="article-html" dangerouslySetInnerHTML={{ __html: safe }} />;
}
