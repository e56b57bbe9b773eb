/**
 * When the page was rendered, by the server's clock: a server-rendered countdown shows the time left
 * then, and the app's first render (the hydration of that page) must show the same before it
 * corrects to the device's clock. Set by the server's renderer per page, and by the app from the page.
 */
export const pageClock: { renderedAt: number | null } = { renderedAt: null };
