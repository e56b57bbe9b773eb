/**
 * An event that does not fit its schema (or is not for this screen) is dropped, never shown; in
 * development it is logged, so a server and an app that disagree are seen at once.
 */
export function droppedEvent(stream: 'room' | 'member', event: unknown, why: unknown): void {
  if (import.meta.env.DEV) console.warn(`[live] ${stream} event dropped`, why, event);
}
