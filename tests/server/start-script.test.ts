/**
 * `npm start` builds the app and compiles the server when their builds are missing or older than
 * their sources (scripts/build-state.mjs).
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_HEAP_FLAG, serverArgs } from '../../scripts/build-server.mjs';
import { SERVER_BUILD, staleBuildReason } from '../../scripts/build-state.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-state-'));
  roots.push(root);
  mkdirSync(join(root, 'src/client/features'), { recursive: true });
  writeFileSync(join(root, 'src/client/features/page.tsx'), 'export {};');
  writeFileSync(join(root, 'package.json'), '{}');
  return root;
}

function touch(path: string, secondsAgo: number): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, when, when);
}

function build(root: string, secondsAgo: number): void {
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist/index.html'), '<!doctype html>');
  touch(join(root, 'dist/index.html'), secondsAgo);
}

describe('whether npm start builds first', () => {
  it('builds when dist/ is missing, and when REBUILD=1', () => {
    const root = tree();
    expect(staleBuildReason(root, {})).toBe('dist/index.html is missing');
    build(root, 0);
    expect(staleBuildReason(root, { REBUILD: '1' })).toBe('REBUILD=1');
  });

  it('serves the build when it is newer than every source', () => {
    const root = tree();
    for (const path of ['src/client/features/page.tsx', 'src/client/features', 'src/client', 'package.json']) {
      touch(join(root, path), 60);
    }
    build(root, 10);
    expect(staleBuildReason(root, {})).toBeNull();
  });

  it('rebuilds after an upgrade changed a source deep in the tree', () => {
    const root = tree();
    for (const path of ['src/client/features/page.tsx', 'src/client/features', 'src/client', 'package.json']) {
      touch(join(root, path), 60);
    }
    build(root, 30);
    touch(join(root, 'src/client/features/page.tsx'), 0);
    expect(staleBuildReason(root, {})).toBe('sources changed since the last build: src/client');
  });

  it('compiles the server again after its sources changed, and not for a change of the app alone', () => {
    const root = tree();
    mkdirSync(join(root, 'src/server/domain'), { recursive: true });
    writeFileSync(join(root, 'src/server/domain/rule.ts'), 'export {};');
    expect(staleBuildReason(root, {}, SERVER_BUILD)).toBe('build/server/main.mjs is missing');
    for (const path of ['src/server/domain/rule.ts', 'src/server/domain', 'src/server', 'package.json']) {
      touch(join(root, path), 60);
    }
    mkdirSync(join(root, 'build/server'), { recursive: true });
    writeFileSync(join(root, SERVER_BUILD.output), '');
    touch(join(root, SERVER_BUILD.output), 30);
    touch(join(root, 'src/client/features/page.tsx'), 0);
    expect(staleBuildReason(root, {}, SERVER_BUILD)).toBeNull();
    touch(join(root, 'src/server/domain/rule.ts'), 0);
    expect(staleBuildReason(root, {}, SERVER_BUILD)).toBe('sources changed since the last build: src/server');
  });

  it('runs the server with its heap cap unless the operator set one in NODE_OPTIONS', () => {
    expect(serverArgs('main.mjs', {})).toEqual([SERVER_HEAP_FLAG, 'main.mjs']);
    expect(serverArgs('main.mjs', { NODE_OPTIONS: '--enable-source-maps' })).toEqual([SERVER_HEAP_FLAG, 'main.mjs']);
    expect(serverArgs('main.mjs', { NODE_OPTIONS: '--max-old-space-size=4096' })).toEqual(['main.mjs']);
  });
});
