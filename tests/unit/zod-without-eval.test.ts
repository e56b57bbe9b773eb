import { afterEach, describe, expect, it } from 'vitest';

const realFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = realFunction;
});

/** Counts every `new Function(...)` (what the app's CSP reports as 'unsafe-eval') from here on. */
function countCompiles(): { count: number } {
  const seen = { count: 0 };
  globalThis.Function = new Proxy(realFunction, {
    construct(target, args: string[]) {
      seen.count += 1;
      return Reflect.construct(target, args) as object;
    },
  });
  return seen;
}

describe('zod never compiles with eval', () => {
  // Each test file runs in a module graph of its own: nothing has configured zod before this import.
  it("the live streams' schemas, loaded alone as their chunk loads them, define and parse without new Function", async () => {
    const compiles = countCompiles();
    const { RoomEventSchema, MemberEventSchema } = await import('../../src/shared/api/live');
    const closed = { type: 'round.closed', gameid: 1, gametype: 15, roundId: 7, seqno: '20260101001', closeAt: 1 };
    expect(RoomEventSchema.safeParse(closed).success).toBe(true);
    expect(RoomEventSchema.safeParse({ ...closed, roundId: 'seven' }).success).toBe(false);
    expect(MemberEventSchema.safeParse({ type: 'nothing' }).success).toBe(false);
    expect(compiles.count).toBe(0);
  });
});
