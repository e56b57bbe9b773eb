/**
 * server-pg project: one throwaway PostgreSQL cluster for the run (see cluster.ts), shared by the
 * test files, each of which creates its own databases in it (support/database.ts). Every
 * migration runs once here, into a template: a test's database is a copy of it (CREATE DATABASE
 * … TEMPLATE), made in a fraction of the time the migrations take on each of the hundreds made.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../../src/server/db/connect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { startCluster } from './cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database holding every migration and seed, copied for each test database. */
    pgTemplate: string;
  }
}

const TEMPLATE = 'migrated_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = `/${TEMPLATE}`;
    const { db } = openPostgres(url.toString(), 1);
    await migrateToLatest(db, 'postgres');
    // A template must have no connection left when it is copied.
    await db.destroy();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  project.provide('pgAdminUrl', cluster.adminUrl);
  project.provide('pgTemplate', TEMPLATE);
  return () => cluster.destroy();
}
