import type { LiveTransport, StreamHandlers } from '../../src/client/data/live/transport';

/** One stream the app opened through the fake transport: the test speaks as the server. */
export class FakeStream {
  closed = false;
  private nextId = 1;

  constructor(
    readonly url: string,
    private readonly handlers: StreamHandlers,
  ) {}

  get params(): URLSearchParams {
    return new URL(this.url, 'http://api.test').searchParams;
  }

  /** An event with the next id (or the one given). */
  send(event: unknown, id = this.nextId++): void {
    this.handlers.message(String(id), JSON.stringify(event));
  }

  beat(): void {
    this.handlers.beat();
  }

  refuse(status: number, code: number | null): void {
    this.handlers.refused(status, code);
  }

  end(): void {
    this.handlers.ended();
  }
}

/** A stream transport for a test's LiveStreams (data/live/liveStreams.ts): records every stream opened. */
export class FakeStreams {
  readonly opened: FakeStream[] = [];

  readonly transport: LiveTransport = (url, handlers) => {
    const stream = new FakeStream(url, handlers);
    this.opened.push(stream);
    return () => {
      stream.closed = true;
    };
  };

  get last(): FakeStream {
    const stream = this.opened.at(-1);
    if (!stream) throw new Error('no stream opened');
    return stream;
  }
}
