/** ROUND_SECONDS / CLOSE_SECONDS: short rounds for test and e2e runs, checked at start. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { startServer } from './support/server';
import { currentRound } from './support/game';

describe('round timing from the environment', () => {
  it('parses both, either, or neither', () => {
    expect(loadConfig({ ROUND_SECONDS: '45', CLOSE_SECONDS: '15' }).roundTiming).toEqual({
      roundSeconds: 45,
      closeSeconds: 15,
    });
    expect(loadConfig({ ROUND_SECONDS: '30' }).roundTiming).toEqual({ roundSeconds: 30 });
    expect(loadConfig({}).roundTiming).toEqual({});
  });

  it('refuses lengths the engine cannot use', () => {
    expect(() => loadConfig({ ROUND_SECONDS: '5' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROUND_SECONDS: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROUND_SECONDS: '30', CLOSE_SECONDS: '30' })).toThrow(/less than/);
  });

  it('every game runs rounds of that length from the first round on', async () => {
    const server = await startServer({ game: { scheduler: { timing: { roundSeconds: 45, closeSeconds: 15 } } } });
    try {
      for (const gameId of [1, 4, 15]) {
        const round = await currentRound(server, gameId);
        expect([round.draw_at - round.open_at, round.draw_at - round.close_at]).toEqual([45_000, 15_000]);
      }
    } finally {
      await server.close();
    }
  });
});
