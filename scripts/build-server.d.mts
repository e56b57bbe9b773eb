/** Types of build-server.mjs (a plain script, run by `npm start` without a TypeScript loader). */
export declare function buildServer(root?: string): Promise<string>;
export declare function builtServer(
  root?: string,
  env?: NodeJS.ProcessEnv,
  onBuild?: (reason: string) => void,
): Promise<string>;
export declare function adminEntry(root?: string): string;
export declare const SERVER_HEAP_FLAG: string;
export declare function serverArgs(entry: string, env?: NodeJS.ProcessEnv): string[];
