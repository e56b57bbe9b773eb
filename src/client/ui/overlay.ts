/** Toasts, sheets and dialogs render outside the app root (the modal dialogs make it inert themselves). */
export function overlayRoot(): HTMLElement {
  return document.getElementById('overlays') ?? document.body;
}
