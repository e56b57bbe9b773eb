/** Types of build-app.mjs (a plain script, run by `npm start` without a TypeScript loader). */
export declare function buildApp(): number;
