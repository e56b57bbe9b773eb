import { useSyncExternalStore } from 'react';

/** Confirmation dialogs as a promise, so a screen can `await confirm(...)`. */
export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmLabel: string;
  cancelLabel: string;
  tone?: 'default' | 'danger';
}

export interface OpenDialog extends ConfirmOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

let queue: readonly OpenDialog[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly OpenDialog[]): void {
  queue = next;
  listeners.forEach((listener) => listener());
}

export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    publish([
      ...queue,
      {
        ...options,
        id,
        resolve: (confirmed) => {
          publish(queue.filter((dialog) => dialog.id !== id));
          resolve(confirmed);
        },
      },
    ]);
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => queue[0] ?? null;

export function useOpenDialog(): OpenDialog | null {
  return useSyncExternalStore(subscribe, current, current);
}

/** Test helper. */
export function closeAllDialogs(): void {
  queue.forEach((dialog) => dialog.resolve(false));
}
