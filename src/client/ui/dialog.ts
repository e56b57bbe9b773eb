import { observable, useObservable } from '../lib/observable';

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

/** The confirmations asked for, the first on screen. */
function createDialogs() {
  const queue = observable<readonly OpenDialog[]>([]);
  let nextId = 1;
  return {
    confirm: (options: ConfirmOptions): Promise<boolean> =>
      new Promise((resolve) => {
        const id = nextId++;
        const dialog: OpenDialog = {
          ...options,
          id,
          resolve: (confirmed) => {
            queue.set(queue.get().filter((open) => open.id !== id));
            resolve(confirmed);
          },
        };
        queue.set([...queue.get(), dialog]);
      }),
    /** The confirmations asked for, oldest (the one on screen) first. */
    queue,
    /** Test helper: every confirmation answered "no". */
    closeAll: () => queue.get().forEach((dialog) => dialog.resolve(false)),
  };
}

const dialogs = createDialogs();

export const confirmDialog = dialogs.confirm;

/** The confirmation on screen, null when none. */
export function useOpenDialog(): OpenDialog | null {
  return useObservable(dialogs.queue)[0] ?? null;
}

/** Test helper. */
export const closeAllDialogs = dialogs.closeAll;
