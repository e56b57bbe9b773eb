import { useEffect, useRef, type RefObject } from 'react';
import { observable, useObservable } from '../lib/observable';
import { useIsPresent } from 'framer-motion';

/**
 * Native modal `<dialog>`s, opened with showModal(): the browser makes the rest of the page inert
 * and stacks them (a confirmation over a sheet leaves the sheet modal when it closes). This module
 * adds what the element lacks: Tab cycles inside, Back closes the topmost one (each open dialog
 * owns one history entry), and a registry of the open ones, so toasts can render inside the
 * topmost and stay above its backdrop and readable.
 */
function createModalStack() {
  const open = observable<readonly HTMLDialogElement[]>([]);
  let nextId = 1;
  /** A closed dialog's history entry being taken back (history.back() is asynchronous), if any. */
  let takingBack: Promise<void> | null = null;
  return {
    open,
    topmost: () => open.get().at(-1) ?? null,
    push: (dialog: HTMLDialogElement) => open.set([...open.get(), dialog]),
    remove: (dialog: HTMLDialogElement) => open.set(open.get().filter((one) => one !== dialog)),
    /** The history entry of the next dialog opened. */
    nextEntry: () => nextId++,
    takeEntryBack: () => {
      takingBack = new Promise((resolve) => {
        const done = () => {
          window.removeEventListener('popstate', done);
          takingBack = null;
          resolve();
        };
        window.addEventListener('popstate', done);
      });
      window.history.back();
    },
    takingBack: () => takingBack,
  };
}

const modals = createModalStack();

/** Settles once no closed dialog's history entry is still being taken back. */
export function dialogHistorySettled(): Promise<void> | null {
  return modals.takingBack();
}

/** The topmost open modal dialog, or null. */
export function useTopModal(): HTMLDialogElement | null {
  return useObservable(modals.open, []).at(-1) ?? null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes back to the first (and Shift+Tab the other way): a modal dialog
 * alone would let focus leave the page for the browser's own controls.
 */
function keepFocusInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (controls.length === 0) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

interface ModalHistoryState {
  modal?: number;
}

function entryId(): number {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? ((state as ModalHistoryState).modal ?? 0) : 0;
}

/**
 * Shows the dialog as modal while the calling component is present. `onClose` runs on Escape,
 * on Back, and when the browser closes the dialog itself (Android's back gesture). Once it is
 * leaving (AnimatePresence plays its exit), it is no longer modal: the page behind is usable at
 * once, not after the animation.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  onClose: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
): void {
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  const present = useIsPresent();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !present) return;
    const id = modals.nextEntry();
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    modals.push(dialog);
    window.history.pushState({ ...(window.history.state as object), modal: id } satisfies ModalHistoryState, '');

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      closeRef.current();
    };
    const onCancel = (event: Event) => {
      // Closing is the component's job (it animates out); the browser only reports the wish.
      event.preventDefault();
      close();
    };
    // Back left this dialog's entry (or one below it): close it.
    const onPopState = () => {
      if (entryId() < id) close();
    };
    // On the document, not the dialog: when the focused control goes away or is disabled (a round
    // closing disables Cancel), focus falls to the body and Tab must still come back inside.
    const onKeyDown = (event: KeyboardEvent) => {
      if (modals.topmost() === dialog) keepFocusInside(dialog, event);
    };
    document.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', close);
    window.addEventListener('popstate', onPopState);
    return () => {
      closed = true;
      document.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', close);
      window.removeEventListener('popstate', onPopState);
      modals.remove(dialog);
      if (dialog.open) dialog.close();
      // Closed by its own button or Escape: take its history entry back, unless a navigation
      // already left it behind. Going back is asynchronous: a navigation asked for meanwhile (a
      // dialog's answer that leaves the page) waits for it, or the back would land on this page.
      if (entryId() === id) modals.takeEntryBack();
      previous?.focus();
    };
    // Once per opening; the refs are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [present]);
}
