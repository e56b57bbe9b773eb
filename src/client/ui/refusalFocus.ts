/**
 * Where the member's eyes and focus go when a form refuses: to the field the refusal is about.
 * A submit button is usually at the foot of a form and the refused field above it, off-screen on a
 * phone; left there, the member sees nothing happen. A field's message (FieldError) takes the
 * request when it is drawn, so every form that says its refusals under its fields gets this.
 *
 * One request at a time: `useFieldErrors` asks when it refuses, the first message drawn in that
 * render takes it, and `useFieldErrors` drops whatever was not taken once the render is done, so
 * a message drawn later for another reason (a countdown re-rendering the form) never moves focus.
 */
let requested = false;

export function requestRefusalFocus(): void {
  requested = true;
}

export function dropRefusalFocus(): void {
  requested = false;
}

/** True for the one message that should bring its field into view. */
export function takeRefusalFocus(): boolean {
  const taken = requested;
  requested = false;
  return taken;
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

/** The control a message describes (aria-describedby names the message's id). */
function controlDescribedBy(message: HTMLElement): HTMLElement | null {
  if (!message.id) return null;
  for (const element of document.querySelectorAll<HTMLElement>('[aria-describedby]')) {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/);
    if (ids.includes(message.id)) return element;
  }
  return null;
}

/** What to focus for a control: itself, or in a group (radios, option buttons) the chosen or first one. */
function focusTarget(control: HTMLElement): HTMLElement | null {
  if (control.matches(FOCUSABLE)) return control;
  return (
    control.querySelector<HTMLElement>('input:checked') ??
    control.querySelector<HTMLElement>('[aria-pressed="true"]') ??
    control.querySelector<HTMLElement>(FOCUSABLE)
  );
}

/**
 * Focuses the refused control and scrolls it to the middle of the screen (clear of the sticky
 * header and the tab bar), then makes sure its message shows too. When the member is already in
 * that control (a tap on an option refused), focus stays where it is and only the message is
 * brought into view.
 */
export function bringRefusalIntoView(message: HTMLElement): void {
  const control = controlDescribedBy(message);
  if (control && !control.contains(document.activeElement)) {
    const target = focusTarget(control);
    target?.focus({ preventScroll: true });
    (control.closest('.field') ?? control).scrollIntoView({ block: 'center' });
  }
  message.scrollIntoView({ block: 'nearest' });
}
