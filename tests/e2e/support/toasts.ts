/** The toasts a page showed, noted as each appeared: a toast lasts 2.5-4 s, which a loaded machine's poll can miss. */
import type { Page } from 'playwright-core';

export interface ToastSeen {
  text: string;
  className: string;
  icon: string;
  color: string;
}

/** From now on, every toast the page shows is noted as it appears: its words, its class and its icon's path and colour. */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: ToastSeenInPage[] = [];
    const noted = new WeakSet<Element>();
    type ToastSeenInPage = { text: string; className: string; icon: string; color: string };
    (window as unknown as { toastsSeen: ToastSeenInPage[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.toast')) {
        const svg = toast.querySelector('svg');
        if (noted.has(toast) || !svg) continue;
        noted.add(toast);
        seen.push({
          text: toast.textContent ?? '',
          className: toast.className,
          icon: svg.querySelector('path')?.getAttribute('d') ?? '',
          color: getComputedStyle(svg).color,
        });
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

export function toastsSeen(page: Page): Promise<ToastSeen[]> {
  return page.evaluate(() => (window as unknown as { toastsSeen?: ToastSeen[] }).toastsSeen ?? []);
}
