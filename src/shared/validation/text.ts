/**
 * Text a member or the operator types is data: shown as text, never as markup, and never able to
 * steer a terminal, the reading order of a screen, or what two look-alike names compare as.
 * Plain-text fields (names, bank and branch, account numbers, addresses, titles, notes, the site
 * name) refuse every control, format and separator character; picture and link paths refuse
 * quotes, whitespace and unsafe schemes.
 */
import { isSafeUrl } from '../content/html';
import { ErrorCode, refuse, type Refusal } from '../errors';

/**
 * Characters that are not shown as themselves, by Unicode general category, so a new one joins
 * with the next Unicode version instead of waiting for a list to be updated:
 * - Cc, controls: C0 (tab included: ESC starts terminal sequences, CR and LF forge lines), DEL, C1;
 * - Cf, format characters: bidirectional marks, embeddings, overrides and isolates (U+200E,
 *   U+200F, U+061C, U+202A-U+202E, U+2066-U+2069), zero-width characters (U+200B-U+200D, U+2060,
 *   U+FEFF), the soft hyphen and the tag characters (U+E0001, U+E0020-U+E007F) that hide text;
 * - Zl and Zp, the line and paragraph separators (U+2028, U+2029), which break lines as LF does;
 * - Cs, a surrogate not in a pair (JSON can carry one), which is no character at all.
 * The rest of the tag block (U+E0000-U+E007F) is unassigned today; it is named so it stays out.
 * Zero-width joiners (Cf) go too: a name or bank detail needs no emoji sequence (docs/decisions.md).
 */
export const INVISIBLE_CHARACTER_CLASS = String.raw`\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u{E0000}-\u{E007F}`;

const INVISIBLE = new RegExp(`[${INVISIBLE_CHARACTER_CLASS}]`, 'u');

/** True when the text holds no control, format or separator character and no lone surrogate. */
export function isPlainText(value: string): boolean {
  return !INVISIBLE.test(value);
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
