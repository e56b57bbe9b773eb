import { fetchTransport, type LiveTransport } from './transport';

let current: LiveTransport | null | undefined;

/** How streams are read in this page: the browser's fetch, unless a test put its own here. */
export function liveTransport(): LiveTransport | null {
  if (current === undefined) current = fetchTransport();
  return current;
}

/** The one seam to the network for live streams: tests put a fake here; undefined restores the browser's. */
export function setLiveTransport(transport: LiveTransport | null | undefined): void {
  current = transport;
}
