/** What each request of a bench load sends (load-process.ts), described so a child process can make it. */
export type BodySpec =
  /** The same body every time (hello world). */
  | { kind: 'fixed'; text: string }
  /** A valid order of the next member in turn, with an idempotency key of its own, as the app sends. */
  | { kind: 'order'; tag: string }
  /** getGameinfo of room 1 by the next member in turn. */
  | { kind: 'poll' }
  /**
   * An order of the next member in turn for a room that does not exist, without a key: refused
   * (1057) after the body is parsed, the session found and the order checked, before any database
   * work. What a request costs the server apart from the order's transaction.
   */
  | { kind: 'refused' };

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  path: string;
  body: BodySpec;
  /** A JSON array of the members' session tokens, taken in turn by order and poll bodies. */
  tokensFile?: string;
  /** GET a page instead of POSTing a body (the body is then ignored). */
  method?: 'GET';
  headers?: Record<string, string>;
  /** Each request carries the next member's session cookie (a page a member loads). */
  sessionCookie?: string;
}

export function bodyMaker(spec: BodySpec, tokens: string[]): () => string {
  if (spec.kind === 'fixed') return () => spec.text;
  if (tokens.length === 0) throw new Error(`a ${spec.kind} load needs the members' tokens`);
  let i = 0;
  return () => {
    i++;
    const token = tokens[i % tokens.length];
    if (spec.kind === 'refused') {
      return JSON.stringify({ token, lang: 'en', gameid: 15, roomid: 999_999, order_info: [[i % 2, 1.95, 20]] });
    }
    return JSON.stringify(
      spec.kind === 'poll'
        ? { token, lang: 'en', roomid: 1 }
        : {
            token,
            lang: 'en',
            gameid: 15,
            roomid: 1,
            order_info: [[i % 2, 1.95, 20]],
            idempotencyKey: `${spec.tag}-${i}`,
          },
    );
  };
}
