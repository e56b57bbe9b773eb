/**
 * Text a member or the operator types is data: shown as text, never as markup, and never able to
 * steer a terminal or the reading order of a screen. Plain-text fields (names, bank and branch,
 * account numbers, addresses, titles, notes, the site name) refuse control characters and
 * bidirectional controls; picture and link paths refuse quotes, whitespace and unsafe schemes.
 */
import { isSafeUrl } from '../content/html';
import { ErrorCode, refuse, type Refusal } from '../errors';

/** C0 controls except tab (ESC starts terminal sequences; CR and LF forge lines), DEL and C1. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/;

/** Embeddings, overrides and isolates: they make text display in an order other than it is stored. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** True when the text holds no control or bidirectional control character. */
export function isPlainText(value: string): boolean {
  return !CONTROL.test(value) && !BIDI_CONTROL.test(value);
}

/** The first of the fields that is not plain text refuses the whole input (1001). */
export function validatePlainText(...values: (string | undefined)[]): Refusal | null {
  return values.every((value) => value === undefined || isPlainText(value))
    ? null
    : refuse(ErrorCode.IncompleteParameters);
}

/** Characters that would let a path leave the attribute or header it is written into. */
const PATH_BREAKERS = /[\s"'`<>\\]/;

/** A URL written as one clean token: no whitespace, quotes, angle brackets or control characters. */
export function isCleanUrlText(value: string): boolean {
  return value !== '' && isPlainText(value) && !PATH_BREAKERS.test(value);
}

/**
 * A picture or link path (banners, article pictures, the service and download links): a clean
 * token (isCleanUrlText), relative or of an allowed scheme (never `javascript:`).
 */
export function isSafePath(value: string): boolean {
  return isCleanUrlText(value) && isSafeUrl(value);
}
