/**
 * How the API client reaches the server: the browser's fetch. The server's renderer (src/client/ssr/)
 * hands in its own, which answers a call inside the server without a socket.
 */
export const transport: { fetch: typeof fetch } = {
  fetch: (input, init) => globalThis.fetch(input, init),
};
