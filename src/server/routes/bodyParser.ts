/**
 * Every API body is JSON, whatever content type the client declares (some send text/plain), and
 * an empty body counts as `{}`. Unparseable text is a 1001 refusal, not a 400 page.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/errors';
import { refused } from '../domain/refused';

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(refused(ErrorCode.IncompleteParameters), undefined);
    }
  });
}
