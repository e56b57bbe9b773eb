// The oldest Node.js the project supports (package.json "engines"). An older one is said in one
// line when the tests or the server start; they go on where they can (these machines may still
// have Node 20).
export const OLDEST_SUPPORTED_NODE = 22;

/** One line when `version` (process.versions.node) is older than supported, else null. */
export function nodeVersionWarning(version = process.versions.node) {
  const major = Number(version.split('.')[0]);
  if (major >= OLDEST_SUPPORTED_NODE) return null;
  return `Node.js ${version} is older than ${OLDEST_SUPPORTED_NODE}, the oldest this project supports: going on, but upgrade Node.js.`;
}
