/** Types of build-state.mjs (a plain script, run by `npm start` without a TypeScript loader). */
export interface BuildTarget {
  output: string;
  sources: readonly string[];
}
export declare const APP_BUILD: BuildTarget;
export declare const SERVER_BUILD: BuildTarget;
export declare function staleBuildReason(root?: string, env?: NodeJS.ProcessEnv, target?: BuildTarget): string | null;
