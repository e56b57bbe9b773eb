/**
 * What the operator command line prints is data from the database (names, bank details, titles,
 * notes) that may predate today's input checks. A terminal obeys some characters instead of showing
 * them: ESC starts sequences that clear the screen, move the cursor or retitle the window; CR and
 * LF start a line that looks like the command's own; C1 controls (U+0080-U+009F) are 8-bit ESC
 * sequences to some terminals; bidirectional controls make text display in another order than it
 * is stored. Every line the CLI prints goes through terminalSafe, which writes those characters as
 * visible escapes (`\x1b`, `\n`, `\u202e`) instead.
 */

// C0 controls (tab, CR and LF included: a value never spans lines), DEL, C1 controls; the Arabic
// letter mark; LRM and RLM; the line and paragraph separators; embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The text with every character a terminal would obey written as a visible escape. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, visible);
}
