/**
 * The command line of one admin command, read with node:util parseArgs in strict mode: options
 * the command declares (each a string or a switch), positionals, and `--` to end the options (for
 * a value that starts with "-"). Anything else is a usage error (exit 2) before any database is
 * opened.
 */
import { parseArgs } from 'node:util';

export class UsageError extends Error {}

export type OptionSpecs = Record<string, { type: 'string' } | { type: 'boolean' }>;

export type OptionValues<O extends OptionSpecs> = {
  [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean;
};

export interface CommandLine<O extends OptionSpecs> {
  positionals: string[];
  values: OptionValues<O>;
}

const HELP = ['--help', '-h'];

/** True when `--help` or `-h` comes before any `--`: the command's usage is all that is asked. */
export function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => HELP.includes(arg));
}

/** parseArgs' own errors, said the way the rest of the command line says things. */
function usageErrorOf(error: Error & { code?: string }): UsageError {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message);
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    return new UsageError(`unknown option ${unknown[1]} (a value that starts with "-" goes after "--")`);
  }
  const option = /^Option '(?:-\w, )?(--[^' ]+)/.exec(error.message);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    const name = option[1];
    if (/argument missing/.test(error.message)) return new UsageError(`${name} needs a value`);
    if (/ambiguous/.test(error.message)) {
      return new UsageError(`${name} needs a value (write ${name}=VALUE for a value that starts with "-")`);
    }
    if (/does not take an argument/.test(error.message)) return new UsageError(`${name} takes no value`);
  }
  return new UsageError(error.message.split('\n')[0]);
}

/** Reads argv against the command's options; `--help`/`-h` are every command's. */
export function parseCommandLine<O extends OptionSpecs>(argv: readonly string[], options: O): CommandLine<O> {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (error instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw usageErrorOf(error);
    }
    throw error;
  }
  const values: Record<string, string | boolean> = {};
  for (const name of Object.keys(options)) {
    const value = parsed.values[name];
    if (value === undefined) continue;
    // `--ref=` says nothing: the same as `--ref` alone.
    if (value === '') throw new UsageError(`--${name} needs a value`);
    values[name] = value;
  }
  return { positionals: parsed.positionals, values: values as OptionValues<O> };
}
