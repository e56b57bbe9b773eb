import { observable, useObservable } from '../lib/observable';

/**
 * Toasts as a small store so code outside React (the API client) can raise them. Kinds are tones:
 * success (green, a check mark), warning (amber, an alert), info (neutral), loss (red, a falling
 * arrow: money that went, never drawn as a success).
 */
export type ToastKind = 'success' | 'warning' | 'info' | 'loss';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

const DURATION_MS: Record<ToastKind, number> = { success: 2500, info: 3000, warning: 4000, loss: 4000 };

export interface ToastOptions {
  /** How long it stays (ms); by default as long as its kind. */
  durationMs?: number;
}
const MAX_VISIBLE = 3;

/** The toasts on screen, and how to raise and dismiss them. */
function createToasts() {
  const items = observable<readonly ToastItem[]>([]);
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let nextId = 1;

  function show(kind: ToastKind, text: string, options: ToastOptions = {}): number {
    const durationMs = options.durationMs ?? DURATION_MS[kind];
    const same = items.get().find((item) => item.text === text && item.kind === kind);
    if (same) {
      // The same message twice in a row (a double tap) restarts its timer instead of stacking.
      schedule(same.id, durationMs);
      return same.id;
    }
    const id = nextId++;
    items.set([...items.get(), { id, kind, text }].slice(-MAX_VISIBLE));
    schedule(id, durationMs);
    return id;
  }

  function schedule(id: number, durationMs: number): void {
    const previous = timers.get(id);
    if (previous) clearTimeout(previous);
    timers.set(
      id,
      setTimeout(() => dismiss(id), durationMs),
    );
  }

  function dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    if (items.get().some((item) => item.id === id)) items.set(items.get().filter((item) => item.id !== id));
  }

  return {
    success: (text: string, options?: ToastOptions) => show('success', text, options),
    warn: (text: string, options?: ToastOptions) => show('warning', text, options),
    info: (text: string, options?: ToastOptions) => show('info', text, options),
    loss: (text: string, options?: ToastOptions) => show('loss', text, options),
    dismiss,
    /**
     * What succeeded makes the warnings of earlier attempts old news ("Wrong invitation code" must not
     * stand beside "Account created"): they go when a write succeeds.
     */
    dismissWarnings: () =>
      items
        .get()
        .filter((item) => item.kind === 'warning')
        .forEach((item) => dismiss(item.id)),
    clear: () => {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      items.set([]);
    },
    /** The toasts on screen, oldest first. */
    items,
  };
}

export const toast = createToasts();

export function useToasts(): readonly ToastItem[] {
  return useObservable(toast.items);
}
