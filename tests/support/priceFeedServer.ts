/**
 * A stand-in for the exchange's public websocket (OKX v5 protocol, the parts the app uses), for the
 * client tests and the end-to-end test: it records what clients send with timestamps, acks
 * subscribes, answers `ping` with `pong`, pushes tickers on demand or on an interval, and can drop
 * connections, go silent or stop.
 */
import { WebSocketServer, type WebSocket } from 'ws';

export interface ReceivedMessage {
  /** Which connection sent it (1 = the first one accepted). */
  connection: number;
  /** Epoch ms when it arrived. */
  at: number;
  text: string;
  /** The parsed JSON, or null for `ping` and anything not JSON. */
  json: unknown;
}

export interface FeedConnection {
  id: number;
  openedAt: number;
  closedAt: number | null;
  /** instIds this connection subscribed to on the tickers channel. */
  tickers: Set<string>;
  instruments: boolean;
}

export interface TickerFields {
  last: string;
  /** Start-of-day price (UTC+8); omitted from the push when undefined. */
  sodUtc8?: string;
  /** Exchange time, epoch ms as a string; defaults to now. */
  ts?: string;
}

export interface PriceFeedServerOptions {
  /** Listen on this port (a feed coming back where it was); any free port by default. */
  port?: number;
  /** Close each connection right after accepting it (to exercise reconnects). */
  dropOnConnect?: boolean;
  /** Acknowledge subscribes (default true). */
  ackSubscribes?: boolean;
  /** Close the connection right after acknowledging the instruments subscribe, before any tick. */
  dropAfterAck?: boolean;
  /** Push each instrument's current price right after a tickers subscribe, as the exchange does (default true). */
  pushOnSubscribe?: boolean;
}

export interface PriceFeedServer {
  url: string;
  port: number;
  received: ReceivedMessage[];
  connections: FeedConnection[];
  options: PriceFeedServerOptions;
  /** Open connections right now. */
  openCount(): number;
  /** The current price of an instrument; pushed to subscribers now and on later subscribes. */
  setPrice(instId: string, fields: TickerFields): void;
  /** Sends a ticker push for an instrument to every connection subscribed to it. */
  push(instId: string, fields?: TickerFields): void;
  /** Sends a frame as is to every open connection (for malformed-message tests). */
  pushRaw(text: string): void;
  /** Pushes every known price every `intervalMs` (the exchange's tickers come every few seconds). */
  startTicking(intervalMs: number): void;
  stopTicking(): void;
  /** Ends every open connection abruptly (no close handshake). */
  dropConnections(): void;
  /** Silent: no acks, no pongs, no pushes; the sockets stay open. */
  setSilent(silent: boolean): void;
  /** Resolves when `check` is true, polling every 10 ms; rejects after `timeoutMs`. */
  /** Waits until `check` holds; the timeout only guards against a hang (a loaded machine is slow). */
  waitFor(check: () => boolean, what?: string, timeoutMs?: number): Promise<void>;
  /** The messages received that parse as JSON with this op, in order. */
  ops(op: string): ReceivedMessage[];
  stop(): Promise<void>;
}

function tickerPush(instId: string, fields: TickerFields) {
  const ts = fields.ts ?? String(Date.now());
  const data: Record<string, string> = {
    instType: 'SPOT',
    instId,
    last: fields.last,
    lastSz: '0.1',
    askPx: fields.last,
    askSz: '1',
    bidPx: fields.last,
    bidSz: '1',
    open24h: fields.sodUtc8 ?? fields.last,
    high24h: fields.last,
    low24h: fields.last,
    volCcy24h: '1000',
    vol24h: '10',
    sodUtc0: fields.sodUtc8 ?? fields.last,
    ts,
  };
  if (fields.sodUtc8 !== undefined) data.sodUtc8 = fields.sodUtc8;
  return JSON.stringify({ arg: { channel: 'tickers', instId }, data: [data] });
}

export async function startPriceFeedServer(options: PriceFeedServerOptions = {}): Promise<PriceFeedServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const port = (wss.address() as { port: number }).port;
  const received: ReceivedMessage[] = [];
  const connections: FeedConnection[] = [];
  const sockets = new Map<WebSocket, FeedConnection>();
  const prices = new Map<string, TickerFields>();
  let silent = false;
  let ticker: ReturnType<typeof setInterval> | null = null;

  const send = (socket: WebSocket, text: string) => {
    if (!silent && socket.readyState === socket.OPEN) socket.send(text);
  };

  wss.on('connection', (socket) => {
    const connection: FeedConnection = {
      id: connections.length + 1,
      openedAt: Date.now(),
      closedAt: null,
      tickers: new Set(),
      instruments: false,
    };
    connections.push(connection);
    sockets.set(socket, connection);
    socket.on('close', () => {
      connection.closedAt = Date.now();
      sockets.delete(socket);
    });
    socket.on('error', () => {});
    if (options.dropOnConnect) {
      socket.terminate();
      return;
    }
    socket.on('message', (raw, isBinary) => {
      const text = isBinary ? '' : Buffer.isBuffer(raw) ? raw.toString() : '';
      let json: unknown = null;
      try {
        json = text === 'ping' ? null : JSON.parse(text);
      } catch {
        json = null;
      }
      received.push({ connection: connection.id, at: Date.now(), text, json });
      if (text === 'ping') {
        send(socket, 'pong');
        return;
      }
      const request = json as { op?: unknown; args?: unknown } | null;
      if (!request || request.op !== 'subscribe' || !Array.isArray(request.args)) {
        send(socket, JSON.stringify({ event: 'error', code: '60012', msg: `Invalid request: ${text.slice(0, 80)}` }));
        return;
      }
      for (const arg of request.args as { channel?: string; instId?: string; instType?: string }[]) {
        if (options.ackSubscribes !== false) {
          send(socket, JSON.stringify({ event: 'subscribe', arg, connId: `c${connection.id}` }));
        }
        if (options.dropAfterAck && arg.channel === 'instruments') {
          socket.terminate();
          return;
        }
        if (arg.channel === 'instruments') {
          connection.instruments = true;
          send(
            socket,
            JSON.stringify({
              arg: { channel: 'instruments', instType: 'SPOT' },
              data: [...prices.keys()].map((instId) => ({ instType: 'SPOT', instId, state: 'live' })),
            }),
          );
        } else if (arg.channel === 'tickers' && typeof arg.instId === 'string') {
          connection.tickers.add(arg.instId);
          const known = prices.get(arg.instId);
          if (known && options.pushOnSubscribe !== false) send(socket, tickerPush(arg.instId, known));
        }
      }
    });
  });

  const server: PriceFeedServer = {
    url: `ws://127.0.0.1:${port}`,
    port,
    received,
    connections,
    options,
    openCount: () => sockets.size,
    setPrice(instId, fields) {
      prices.set(instId, fields);
      server.push(instId, fields);
    },
    push(instId, fields) {
      const value = fields ?? prices.get(instId);
      if (!value) return;
      for (const [socket, connection] of sockets) {
        if (connection.tickers.has(instId)) send(socket, tickerPush(instId, value));
      }
    },
    pushRaw(text) {
      for (const socket of sockets.keys()) send(socket, text);
    },
    startTicking(intervalMs) {
      server.stopTicking();
      ticker = setInterval(() => {
        for (const [instId, fields] of prices) server.push(instId, { ...fields, ts: String(Date.now()) });
      }, intervalMs);
    },
    stopTicking() {
      if (ticker) clearInterval(ticker);
      ticker = null;
    },
    dropConnections() {
      for (const socket of sockets.keys()) socket.terminate();
    },
    setSilent(value) {
      silent = value;
    },
    async waitFor(check, what = 'condition', timeoutMs = 30_000) {
      const started = Date.now();
      while (!check()) {
        if (Date.now() - started > timeoutMs) throw new Error(`price feed server: timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    ops(op) {
      return received.filter((message) => (message.json as { op?: unknown } | null)?.op === op);
    },
    async stop() {
      server.stopTicking();
      for (const socket of sockets.keys()) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  return server;
}
