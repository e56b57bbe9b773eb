/**
 * The session as a cookie, beside the token the contract keeps in the body: the server that renders
 * a page knows whose it is, and the app no longer needs the token where a script could read it.
 *
 * Login and registration set it (HttpOnly, SameSite=Strict, Secure over HTTPS, as long as a session
 * can last); logout clears it, and so does a request whose session has ended. A call carried by the
 * cookie alone is honoured only from this origin with a JSON body: a cross-site form post, which a
 * browser may send with the cookie of a same-site page and a text/plain body our parser reads as
 * JSON, finds no session and changes nothing. A token in the body (the contract's clients) is
 * taken as before, whatever carries it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_DAYS } from '../../shared/constants';

export const SESSION_COOKIE = 'rp_session';

const MAX_AGE_SECONDS = SESSION_TTL_DAYS * 24 * 60 * 60;

/** Whether the request comes from a page of this origin (a browser says so; a script without a browser sends no Origin). */
function fromThisOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    // Both through URL, so a default port written out (example.com:443) is the same host.
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

function isJsonBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** The session token the cookie carries, when this request may be carried by it; else undefined. */
export function cookieTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  if (token === undefined || token === '') return undefined;
  return isJsonBody(request) && fromThisOrigin(request) ? token : undefined;
}

/** Whether a token the server refused is the session cookie's (then the cookie goes; a body's token leaves it be). */
export function isCookieToken(request: FastifyRequest, token: string | undefined): boolean {
  return token !== undefined && token === request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}
