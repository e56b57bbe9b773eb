/**
 * How a live stream is read (docs/live-events.md): one HTTP GET answered as server-sent events.
 * Read with fetch rather than EventSource, for two things EventSource keeps from the page: the
 * heartbeats (comment lines, which tell a live stream from one a buffering proxy holds back) and
 * the HTTP status and code of a refusal (3017 "too many streams" is not a ticket to renew).
 * Reconnecting is the caller's (connection.ts): a ticket opens one stream, once.
 */
export interface StreamHandlers {
  /** An event: its id (what a reconnect sends back) and its data line(s) as text. */
  message: (id: string | null, data: string) => void;
  /** A heartbeat (a comment line): the stream is alive. */
  beat: () => void;
  /** The server refused the stream: its HTTP status and the envelope's code, when it sent one. */
  refused: (status: number, code: number | null) => void;
  /** The stream ended or could not be read (network, server gone, closed by the server). */
  ended: () => void;
}

/** Opens a stream; the function it answers closes it (no handler is called after that). */
export type LiveTransport = (url: string, handlers: StreamHandlers) => () => void;

/**
 * Splits a stream's text into events as the SSE format has it: lines end with \n, \r\n or \r; an
 * empty line ends an event; `:` starts a comment; `id:` and `data:` fields; `retry:` is ours to ignore.
 */
export function createSseParser(handlers: Pick<StreamHandlers, 'message' | 'beat'>) {
  let buffer = '';
  /** The last chunk ended with \r: a \n starting the next one belongs to that line end. */
  let afterCr = false;
  let id: string | null = null;
  let data: string[] = [];

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) handlers.message(id, data.join('\n'));
      data = [];
      return;
    }
    if (text.startsWith(':')) {
      handlers.beat();
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  return {
    push(chunk: string): void {
      buffer += afterCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      afterCr = chunk.endsWith('\r');
      const lines = buffer.split(/\r\n|\r|\n/);
      // The last piece may be half a line.
      buffer = lines.pop() ?? '';
      lines.forEach(line);
    },
  };
}

async function codeOf(response: Response): Promise<number | null> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === 'number' ? body.code : null;
  } catch {
    return null;
  }
}

/** The browser's transport; null where a response body cannot be read as it arrives. */
export function fetchTransport(): LiveTransport | null {
  if (typeof fetch !== 'function' || typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') {
    return null;
  }
  return (url, handlers) => {
    const abort = new AbortController();
    let closed = false;
    const unlessClosed =
      <A extends unknown[]>(call: (...args: A) => void) =>
      (...args: A) => {
        if (!closed) call(...args);
      };
    const parser = createSseParser({ message: unlessClosed(handlers.message), beat: unlessClosed(handlers.beat) });
    void (async () => {
      try {
        const response = await fetch(url, {
          headers: { accept: 'text/event-stream' },
          cache: 'no-store',
          credentials: 'omit',
          // A stream stays open for the whole visit and carries news, not the page: on a slow phone
          // network it must not take bandwidth from the room's scripts, reads and pictures, and a
          // browser (or an audit) waiting for the page's important requests must not wait for it.
          priority: 'low',
          signal: abort.signal,
        });
        if (!response.ok) {
          const code = await codeOf(response);
          if (!closed) handlers.refused(response.status, code);
          return;
        }
        if (!response.body) throw new Error('no stream body');
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done || closed) break;
          parser.push(value);
        }
      } catch {
        // A network failure or our own abort: told as the end below.
      }
      if (!closed) {
        closed = true;
        handlers.ended();
      }
    })();
    return () => {
      closed = true;
      abort.abort();
    };
  };
}
