/**
 * The better-sqlite3 build this Node can run, for every SQLite connection of the server, the admin
 * command and the tests (import SQLite from here, never from 'better-sqlite3').
 *
 * - Version 13 (Node-API, prebuilt, no compiler needed) where Node offers Node-API 10: Node 22.14
 *   and newer. Version 12 cannot serve there: it is built on node::ObjectWrap, whose destructor
 *   since Node 24.19 removes an environment cleanup hook, and aborts the process ("Assertion
 *   failed: (env) != nullptr") when a statement is collected outside a JavaScript context or at exit.
 * - Version 12 (compiled at install) on older Nodes, Node 20 among them, which lack Node-API 10.
 *
 * Both have the same API for what we use (open, pragma, prepare, run/all, backup, close).
 */
import { createRequire } from 'node:module';
import type SQLiteModule from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The package name the running Node loads (the second is an npm alias of better-sqlite3 13). */
export const SQLITE_PACKAGE = Number(process.versions.napi) >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';

/** Where that package's entry lives, for a worker thread to load the same build. */
export const SQLITE_PACKAGE_PATH: string = require.resolve(SQLITE_PACKAGE);

const SQLite = require(SQLITE_PACKAGE) as typeof SQLiteModule;
export default SQLite;
