/**
 * How the admin program reads a password: at a terminal, a prompt that shows nothing of what is
 * typed (asked twice for a new password); from a pipe or file, the first line of standard input.
 * Never from argv, which the shell's history and the process list (`ps`) keep for anyone to read.
 */
import { OperatorInputError } from '../domain/operator';
import { UsageError } from './args';

export interface SecretInput {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  /** Where the prompt goes (standard error, so standard output keeps only what the command did). */
  prompt: { write: (text: string) => unknown };
}

export const NO_SECRET =
  'no password given: type it at the prompt, or give it as the first line of standard input ' +
  `(printf '%s\\n' "$PASSWORD" | npm run admin -- ...)`;

/** The text up to the first line break (LF or CRLF); null when the input ended without any. */
export function firstLine(input: NodeJS.ReadableStream): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (value: string | null) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      input.pause();
      resolve(value === null ? null : value.replace(/\r$/, ''));
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end !== -1) finish(text.slice(0, end));
    };
    const onEnd = () => finish(text === '' ? null : text);
    const onError = (error: Error) => reject(error);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', onError);
    input.resume();
  });
}

/**
 * One line typed at a terminal in raw mode, echoing nothing; Ctrl-C cancels, Backspace and Ctrl-U
 * edit, and the escape sequences of arrow and function keys are left out.
 */
export function typedHidden(source: SecretInput, prompt: string): Promise<string> {
  const { input } = source;
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    // 'esc' after ESC, 'seq' inside `ESC [ ... final` or `ESC O final`.
    let state: 'text' | 'esc' | 'seq' = 'text';
    // Echo off before the prompt shows: nothing typed after it reaches the screen.
    input.setRawMode?.(true);
    source.prompt.write(prompt);
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      source.prompt.write('\n');
      if (error) reject(error);
      else resolve(typed.join(''));
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (state === 'seq') {
          if (char >= '@' && char <= '~') state = 'text';
          continue;
        }
        if (state === 'esc') {
          state = char === '[' || char === 'O' ? 'seq' : 'text';
          if (state === 'seq') continue;
        }
        if (char === '\u001b') {
          state = 'esc';
          continue;
        }
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003')
          return finish(new OperatorInputError('cancelled at the password prompt; nothing changed'));
        if (char === '\u0004') return typed.length === 0 ? finish(new UsageError(NO_SECRET)) : finish();
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char === '\u0015') typed = [];
        // Other control characters (the start of an arrow key's sequence) are not part of a password.
        else if (char >= ' ') typed.push(char);
      }
    };
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}

/** The readSecret of the real program over `source` (process.stdin and process.stderr in cli.ts). */
export function secretReader(source: SecretInput) {
  return async (prompt: string, options: { confirm?: boolean } = {}): Promise<string> => {
    if (!source.input.isTTY) {
      const line = await firstLine(source.input);
      if (line === null) throw new UsageError(NO_SECRET);
      return line;
    }
    const first = await typedHidden(source, prompt);
    if (options.confirm) {
      const again = await typedHidden(source, 'The same again: ');
      if (again !== first) throw new OperatorInputError('the two passwords differ; nothing changed');
    }
    return first;
  };
}
