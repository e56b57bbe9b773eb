/**
 * One admin command: its usage, its options, a parse step that checks the whole command line (and
 * reads a password when it needs one) before anything is opened, and the work itself, on the
 * migrated database or, for backup, on the configuration alone.
 */
import type { ServerConfig } from '../config';
import type { Deps } from '../domain/deps';
import { parseCommandLine, UsageError, type CommandLine, type OptionSpecs } from './args';

/** What a command prints and reads; every line goes through terminalSafe (see commands.ts). */
export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /**
   * A secret (a password): at a terminal typed without echo (`confirm`: typed twice), otherwise the
   * first line of standard input. Never from argv.
   */
  readSecret: (prompt: string, options?: { confirm?: boolean }) => Promise<string>;
}

export type Work =
  | {
      needs: 'database';
      /** Whether the command may make the SQLite database when there is none yet (a first run's commands). */
      createsDatabase: boolean;
      run: (deps: Deps, config: ServerConfig) => Promise<void>;
    }
  | { needs: 'config'; run: (config: ServerConfig) => Promise<void> };

export interface AdminCommand {
  /** The arguments after the command's name, one entry per printed line (`<username> <amount> [--ref TEXT]`). */
  synopsis: readonly string[];
  /** One line for the list of commands. */
  summary: string;
  /** More lines for the command's own `--help`. */
  details: readonly string[];
  /** Reads argv (and a secret if the command takes one) without touching any database. */
  prepare: (argv: readonly string[], io: CommandIo) => Promise<Work>;
}

interface Spec<O extends OptionSpecs, A> {
  synopsis?: string | readonly string[];
  summary: string;
  details?: readonly string[];
  options?: O;
  /** Runs on argv before the parser, e.g. to explain why a password is not taken there. */
  precheck?: (argv: readonly string[]) => void;
  /** Checks and converts the command line: UsageError (exit 2) or OperatorInputError (exit 1). */
  parse: (line: CommandLine<O>, io: CommandIo) => A | Promise<A>;
}

function lines(synopsis: string | readonly string[] | undefined): readonly string[] {
  if (synopsis === undefined) return [''];
  return typeof synopsis === 'string' ? [synopsis] : synopsis;
}

async function read<O extends OptionSpecs, A>(spec: Spec<O, A>, argv: readonly string[], io: CommandIo): Promise<A> {
  spec.precheck?.(argv);
  return spec.parse(parseCommandLine(argv, spec.options ?? ({} as O)), io);
}

/** What --help shows of a command. */
function described<O extends OptionSpecs, A>(spec: Spec<O, A>): Pick<AdminCommand, 'synopsis' | 'summary' | 'details'> {
  return { synopsis: lines(spec.synopsis), summary: spec.summary, details: spec.details ?? [] };
}

/**
 * A command on the database, opened and migrated by runAdmin after the command line was read. Only
 * a command that makes a first install's data (`createsDatabase`: the first invitation, the first
 * member) makes a SQLite database that is not there; any other refuses, so a mistyped DATA_DIR is
 * said instead of answered from an empty database made for the occasion.
 */
export function databaseCommand<O extends OptionSpecs, A>(
  spec: Spec<O, A> & {
    createsDatabase?: boolean;
    run: (deps: Deps, args: A, io: CommandIo, config: ServerConfig) => Promise<void>;
  },
): AdminCommand {
  return {
    ...described(spec),
    async prepare(argv, io) {
      const args = await read(spec, argv, io);
      return {
        needs: 'database',
        createsDatabase: spec.createsDatabase ?? false,
        run: (deps, config) => spec.run(deps, args, io, config),
      };
    },
  };
}

/** A command that opens what it needs itself (runAdmin neither opens nor migrates the database). */
export function configCommand<O extends OptionSpecs, A>(
  spec: Spec<O, A> & { run: (config: ServerConfig, args: A, io: CommandIo) => Promise<void> },
): AdminCommand {
  return {
    ...described(spec),
    async prepare(argv, io) {
      const args = await read(spec, argv, io);
      return { needs: 'config', run: (config) => spec.run(config, args, io) };
    },
  };
}

/** Exactly `count` positionals, or a usage error naming what was expected. */
export function exactly(line: CommandLine<OptionSpecs>, count: number, expected: string): string[] {
  if (line.positionals.length !== count) throw new UsageError(`expected ${expected}`);
  return line.positionals;
}

/** No positionals at all. */
export function nonePositional(name: string, line: CommandLine<OptionSpecs>): void {
  if (line.positionals.length > 0) throw new UsageError(`${name} takes no positional arguments`);
}
