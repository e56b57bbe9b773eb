/** Types of preflight.mjs (a plain script, run by `npm test` and CI before the suites). */
export declare const PG_BINARIES: readonly string[];
export declare function selectedProjects(argv: readonly string[]): string[];
export declare function chromiumPath(env?: NodeJS.ProcessEnv): string;
export declare function findPgBinary(name: string, env?: NodeJS.ProcessEnv): string | null;
export declare function missingPieces(
  projects: readonly string[],
  env?: NodeJS.ProcessEnv,
): { what: string; apt: string; installable: boolean }[];
export declare function preflight(argv?: readonly string[], env?: NodeJS.ProcessEnv): void;
