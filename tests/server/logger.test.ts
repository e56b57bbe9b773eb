/**
 * The server's log lines carry no secret: tokens, passwords and codes in logged objects are
 * censored, and a request's URL is logged with its query values replaced.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/shared/api/paths';
import { createLogger, lazyChildLogger, redactUrl } from '../../src/server/logger';
import { startServer } from './support/server';

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

describe('request lines at LOG_LEVEL=info', () => {
  it('name the path and the query parameters, never their values', async () => {
    const out = capture();
    const server = await startServer({ logger: createLogger('info', out.stream) });
    try {
      const token = 'f'.repeat(64);
      const answer = await server.app.inject({
        method: 'POST',
        url: `${ApiPath.getConfig}?token=${token}&captcha=654321&lang=en`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(answer.statusCode).toBe(200);
      await server.app.inject({ method: 'GET', url: `/reset?${token}` });
    } finally {
      await server.close();
    }
    const text = JSON.stringify(out.lines());
    expect(text).not.toContain('f'.repeat(64));
    expect(text).not.toContain('654321');
    const urls = out
      .lines()
      .filter((line) => line.msg === 'incoming request')
      .map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual([
      `${ApiPath.getConfig}?token=[redacted]&captcha=[redacted]&lang=[redacted]`,
      '/reset?[redacted]',
    ]);
  });

  it.each([
    ['/api/Index/getconfig', '/api/Index/getconfig'],
    ['/api/x?', '/api/x?'],
    ['/a?token=abc', '/a?token=[redacted]'],
    ['/a?x=1&y&=z', '/a?x=[redacted]&[redacted]&=[redacted]'],
    ['/a?next=/b?token=abc', '/a?next=[redacted]'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe("a request's own logger", () => {
  it('is made only for a line at an enabled level, and that line names the request', async () => {
    const out = capture();
    const logger = createLogger('warn', out.stream);
    let made = 0;
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof logger.child>) => {
      made++;
      return child(...args);
    }) as typeof logger.child;
    const server = await startServer({ logger });
    made = 0;
    try {
      // Answered without a warning: no request logger is made at all.
      const quiet = await server.app.inject({ method: 'POST', url: ApiPath.getConfig, payload: {} });
      expect(quiet.statusCode).toBe(200);
      expect(made).toBe(0);
      const lazy = lazyChildLogger(logger, { reqId: 'req-42' }, {});
      lazy.info('not at this level');
      expect(made).toBe(0);
      lazy.warn({ token: 't'.repeat(64) }, 'heard');
      expect(made).toBe(1);
    } finally {
      await server.close();
    }
    const lines = out.lines();
    expect(lines.map((line) => line.msg)).toEqual(['heard']);
    expect(lines[0]).toMatchObject({ reqId: 'req-42', token: '[redacted]' });
  });
});
