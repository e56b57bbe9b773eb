import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Route } from 'wouter';
import type { Article, ArticleSummary } from '../../src/shared/api/types';
import { Toaster } from '../../src/client/ui';
import { Providers } from './helpers';

/** An article with a distinct title and content in each of the four languages. */
export function article(id: number, patch: Partial<Article> = {}): Article {
  return {
    id,
    category: 9,
    title: `标题 ${id}`,
    title_ft: `標題 ${id}`,
    title_yw: `Title ${id}`,
    title_vi: `Tiêu đề ${id}`,
    content: `<p>内容 ${id}</p>`,
    content_ft: `<p>內容 ${id}</p>`,
    content_yw: `<p>Content ${id}</p>`,
    content_vi: `<p>Nội dung ${id}</p>`,
    img: [],
    time: 1_773_000_000 + id * 3600,
    ...patch,
  };
}

export function summary(a: Article): ArticleSummary {
  const { content: _c, content_ft: _ft, content_yw: _yw, content_vi: _vi, ...rest } = a;
  return rest;
}

/** A screen at a route path (so useParams works), with the toast region as the shell has it. */
export function renderAt(url: string, pattern: string, screen: ReactNode) {
  window.history.replaceState(null, '', url);
  return render(
    <Providers>
      <Route path={pattern}>{screen}</Route>
      <Toaster />
    </Providers>,
  );
}

/** Resolves a pending answer from the test, to look at a screen while its request runs. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
