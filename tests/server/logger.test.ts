/** The server's log lines carry no secret: tokens, passwords and codes in logged objects are censored. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
  };
}

describe('the server logger', () => {
  it('censors secrets at the top level, in a body and one level deeper', () => {
    const out = capture();
    const log = createLogger('info', out.stream);
    log.info({ token: 'a'.repeat(64), password: 'hunter22' }, 'top');
    log.warn({ body: { username: 'demo01', pwd: '123456', captcha: '654321', npasswd: 'new123' } }, 'body');
    log.error({ req: { body: { token: 'secret-token', spassword: 'x1' } } }, 'deep');
    const text = JSON.stringify(out.lines());
    for (const secret of ['a'.repeat(64), 'hunter22', '123456', '654321', 'new123', 'secret-token', '"x1"']) {
      expect(text).not.toContain(secret);
    }
    expect(out.lines()[1]).toMatchObject({ body: { username: 'demo01', pwd: '[redacted]' } });
  });

  it('writes nothing under its level', () => {
    const out = capture();
    const log = createLogger('warn', out.stream);
    log.info('quiet');
    log.warn('heard');
    expect(out.lines().map((line) => line.msg)).toEqual(['heard']);
  });
});
