/** The path table: every link and redirect builds its path from it, and the router matches what it builds. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import { parse } from 'regexparam';
import { PATTERNS, pathTo, type RouteName } from '../../src/client/routing/paths';

const parser = (route: string) => parse(route);

describe('pathTo', () => {
  it('fills parameters, encodes them, and the pattern of the same route matches the result', () => {
    const cases: [RouteName, string, Record<string, string>][] = [
      ['home', pathTo('home'), {}],
      ['info', pathTo('info', { id: 7 }), { id: '7' }],
      ['activity', pathTo('activity', { id: 3 }), { id: '3' }],
      ['roomList', pathTo('roomList', { type: 1 }), { type: '1' }],
      ['fairness', pathTo('fairness', { roomid: 2, seqno: '2026/11 24' }), { roomid: '2', seqno: '2026%2F11%2024' }],
    ];
    for (const [name, path, params] of cases) {
      const [matched, found] = matchRoute(parser, PATTERNS[name], path);
      expect(matched, `${name}: ${path}`).toBe(true);
      expect(found).toMatchObject(params);
    }
    expect(pathTo('fairness', { roomid: 2, seqno: '2026/11 24' })).toBe('/fairness/2/2026%2F11%2024');
  });

  it('leaves out an optional parameter that is not given, and appends a query', () => {
    expect(pathTo('recharge')).toBe('/recharge');
    expect(pathTo('recharge', { back: 1 })).toBe('/recharge/1');
    expect(pathTo('productDetail', {}, { id: 4 })).toBe('/productdetail?id=4');
    expect(matchRoute(parser, PATTERNS.recharge, pathTo('recharge'))[0]).toBe(true);
  });

  it('refuses a missing required parameter', () => {
    expect(() => pathTo('info', {} as never)).toThrow('info needs id');
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('no path written out', () => {
  it('no client file but the path table writes a route path as a string', () => {
    const fixed = Object.values(PATTERNS)
      .map((pattern) => pattern.split('/:')[0])
      .filter((path) => path !== '/');
    const offenders: string[] = [];
    for (const file of sourceFiles('src/client')) {
      if (file.endsWith(join('routing', 'paths.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      for (const path of fixed) {
        if (new RegExp(`['"\`]${path.replace(/[/.]/g, '\\$&')}(['"\`?]|/[\\w$])`).test(text))
          offenders.push(`${file}: ${path}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
