// The server as `npm start` runs it: src/server/main.ts bundled into one ES module of plain
// JavaScript (esbuild; the packages stay in node_modules). Run through a TypeScript loader the
// server holds the loader's thread and transforms for its whole life, about 50 MiB of resident
// memory; compiled it starts faster and holds none of that.
//
// The bundle sits two folders below the root, as main.ts does (build/server/ beside src/server/),
// so the paths the server finds from its own file still hold: ../../locales/errors/ for the error
// catalogues, and ./scryptWorker.mjs, copied beside it, for the password threads. The operator's
// command line (src/server/admin/cli.ts) is compiled beside it, as admin.mjs: it starts in a
// fraction of the loader's time, which the browser tests, calling it for every member they make,
// feel most.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { SERVER_BUILD, staleBuildReason } from './build-state.mjs';

const SCRYPT_WORKER = 'src/server/domain/scryptWorker.mjs';

/** Writes a file whole or not at all: a server already running from the folder never reads half of one. */
function writeAtomically(path, contents) {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

/** The compiled operator command line, beside the server's entry. */
export function adminEntry(root = '.') {
  return join(dirname(resolve(root, SERVER_BUILD.output)), 'admin.mjs');
}

/** Builds the server into build/server/ under `root`, answering the entry's absolute path. */
export async function buildServer(root = '.') {
  const entry = resolve(root, SERVER_BUILD.output);
  const folder = dirname(entry);
  mkdirSync(folder, { recursive: true });
  const result = await build({
    entryPoints: [
      { in: join(root, 'src/server/admin/cli.ts'), out: 'admin' },
      { in: join(root, 'src/server/main.ts'), out: 'main' },
    ],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    // Stack traces name the TypeScript lines with `node --enable-source-maps`.
    sourcemap: 'linked',
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'warning',
  });
  // The worker first, the entry last: the entry's time is what tells a build current.
  writeAtomically(join(folder, 'scryptWorker.mjs'), readFileSync(join(root, SCRYPT_WORKER)));
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === entry) - Number(b.path === entry));
  for (const file of files) writeAtomically(file.path, file.contents);
  return entry;
}

/**
 * V8's old generation capped at 1 GiB. Under a steady load the server keeps 50-100 MiB alive, but
 * under V8's default cap (about a quarter of the machine's memory: 4 GiB on this 24 GiB host) the
 * heap may grow to four times what survived its last full collection before collecting again;
 * under a cap below 2 GiB it grows at most 1.6 times. A script keeping 60 MiB alive while
 * allocating fast peaked at a 535 MiB heap by default and 242 MiB under this cap. The cap leaves
 * room for about 50,000 live streams (13 KiB each) beside the rest. An operator who sets a cap in
 * NODE_OPTIONS keeps theirs (a flag on the command line would override it).
 */
export const SERVER_HEAP_FLAG = '--max-old-space-size=1024';

/** The arguments `node` runs the compiled server with. */
export function serverArgs(entry, env = process.env) {
  const operatorCap = /--max-old-space-size/.test(env.NODE_OPTIONS ?? '');
  return operatorCap ? [entry] : [SERVER_HEAP_FLAG, entry];
}

/**
 * The compiled server's absolute path, built first when it is missing or older than its sources;
 * `onBuild` hears why (npm start prints it).
 */
export async function builtServer(root = '.', env = process.env, onBuild = (_reason) => {}) {
  const reason = staleBuildReason(root, env, SERVER_BUILD);
  if (!reason) return resolve(root, SERVER_BUILD.output);
  onBuild(reason);
  return buildServer(root);
}

// `node scripts/build-server.mjs` (part of `npm run build`): compile now, whatever the times say.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`Compiled the server: ${await buildServer()}`);
}
