/**
 * What the operator command line prints is data from the database (names, bank details, titles,
 * notes) that may predate today's input checks. A terminal obeys some characters instead of showing
 * them: ESC starts sequences that clear the screen, move the cursor or retitle the window; CR and
 * LF start a line that looks like the command's own; C1 controls (U+0080-U+009F) are 8-bit ESC
 * sequences to some terminals; bidirectional controls make text display in another order than it
 * is stored; zero-width and tag characters hide text. Every line the CLI prints goes through
 * terminalSafe, which writes those characters as visible escapes (`\x1b`, `\n`, `\u202e`,
 * `\u{e0041}`) instead: the same set the text rule refuses in new input (src/shared/validation/text.ts).
 */
import { INVISIBLE_CHARACTER_CLASS } from '../../shared/validation';

const UNSAFE = new RegExp(`[${INVISIBLE_CHARACTER_CLASS}]`, 'gu');

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  // A lone surrogate is one code unit; codePointAt reads it as itself.
  const code = char.codePointAt(0) ?? 0;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}

/** The text with every character a terminal would obey or hide written as a visible escape. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, visible);
}
