/**
 * server-pg project: one throwaway PostgreSQL cluster for the run (see cluster.ts), shared by the
 * test files, each of which creates its own databases in it (support/database.ts).
 */
import type { TestProject } from 'vitest/node';
import { startCluster } from './cluster';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startCluster();
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.destroy();
}
