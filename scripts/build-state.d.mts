/** Types of build-state.mjs (a plain script, run by `npm start` without a TypeScript loader). */
export declare const BUILD_SOURCES: readonly string[];
export declare function staleBuildReason(root?: string, env?: NodeJS.ProcessEnv): string | null;
