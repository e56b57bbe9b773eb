/** Types of node-version.mjs. */
export declare const OLDEST_SUPPORTED_NODE: number;
export declare function nodeVersionWarning(version?: string): string | null;
