/** Toasts and dialogs render outside the app root, so the app can be made inert under a dialog. */
export function overlayRoot(): HTMLElement {
  return document.getElementById('overlays') ?? document.body;
}

export function appRoot(): HTMLElement | null {
  return document.getElementById('root');
}
