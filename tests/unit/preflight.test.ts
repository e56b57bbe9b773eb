/**
 * `npm test` checks the machine before any suite starts (scripts/preflight.mjs): a missing piece
 * the run cannot install stops it at once with one line naming the piece and its install command.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nodeVersionWarning } from '../../scripts/node-version.mjs';
import { selectedProjects } from '../../scripts/preflight.mjs';

function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  const errorLines = result.stderr.split('\n').filter((line) => line.trim() !== '');
  return { status: result.status, stdout: result.stdout, errorLines };
}

describe('the test preflight', () => {
  it('stops before any suite when CHROMIUM_PATH names a missing file, in one line with the install command', () => {
    const result = run('scripts/test.mjs', ['--project', 'e2e'], { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(result.status).toBe(1);
    expect(result.errorLines).toHaveLength(1);
    expect(result.errorLines[0]).toContain('CHROMIUM_PATH=/nonexistent/chromium');
    expect(result.errorLines[0]).toContain('apt-get install -y chromium');
    // vitest never started: no suite ran half-equipped.
    expect(result.stdout).not.toMatch(/RUN|Test Files|Tests:/);
  });

  it('names the PostgreSQL server binaries when the folder given for them lacks them', () => {
    const result = run('scripts/preflight.mjs', ['--project=server-pg'], { POSTGRES_BIN_DIR: '/nonexistent/pg' });
    expect(result.status).toBe(1);
    expect(result.errorLines).toHaveLength(1);
    expect(result.errorLines[0]).toMatch(/initdb, pg_ctl, postgres/);
    expect(result.errorLines[0]).toContain('apt-get install -y postgresql');
  });

  it('asks only for what the selected suites need', () => {
    const result = run('scripts/preflight.mjs', ['--project', 'unit', '--project', 'server'], {
      CHROMIUM_PATH: '/nonexistent/chromium',
      POSTGRES_BIN_DIR: '/nonexistent/pg',
    });
    expect(result.status).toBe(0);
    expect(result.errorLines).toEqual([]);
  });

  it('reads the suites from --project in both spellings, every suite without one', () => {
    expect(selectedProjects(['--project', 'unit', '--project=client', 'tests/x.test.ts'])).toEqual(['unit', 'client']);
    expect(selectedProjects(['tests/unit/x.test.ts'])).toEqual(['unit', 'server', 'server-pg', 'client', 'e2e']);
  });
});

describe('the Node.js version', () => {
  it('says in one line when Node is older than the oldest supported, and nothing otherwise', () => {
    const line = nodeVersionWarning('20.20.2');
    expect(line).toMatch(/^Node\.js 20\.20\.2 is older than 22\b/);
    expect(line).not.toContain('\n');
    expect(nodeVersionWarning('22.0.0')).toBeNull();
    expect(nodeVersionWarning('24.21.0')).toBeNull();
  });
});
