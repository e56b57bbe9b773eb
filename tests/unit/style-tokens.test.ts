import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app's look has one type scale and one spacing scale (the custom properties at the top of
 * global.css). A stylesheet that writes a size of its own drifts from them: this finds one.
 */
const sheets = readdirSync('src/client', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => join('src/client', file))
  .sort();

interface Declaration {
  file: string;
  line: number;
  property: string;
  value: string;
}

function declarations(): Declaration[] {
  const found: Declaration[] = [];
  for (const file of sheets) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
    // The scales themselves are defined in :root; everything after it uses them.
    const lines = text.split('\n');
    let inRoot = false;
    lines.forEach((raw, index) => {
      if (/^:root\s*\{/.test(raw)) inRoot = true;
      if (inRoot) {
        if (raw.startsWith('}')) inRoot = false;
        return;
      }
      const match = /^\s*([a-z-]+)\s*:\s*([^;]+);/.exec(raw);
      if (match) found.push({ file, line: index + 1, property: match[1], value: match[2] });
    });
  }
  return found;
}

const where = (d: Declaration) => `${d.file}:${d.line} ${d.property}: ${d.value}`;

describe('style tokens', () => {
  const all = declarations();

  it('reads the stylesheets', () => {
    expect(sheets.length).toBeGreaterThan(5);
    expect(all.length).toBeGreaterThan(200);
  });

  it('every font size is a step of the type scale', () => {
    const own = all.filter((d) => d.property === 'font-size' && !/^var\(--text-[a-z]+\)$/.test(d.value.trim()));
    expect(own.map(where)).toEqual([]);
  });

  it('every padding, margin and gap in px or rem is a step of the spacing scale', () => {
    const spacing = /^(padding|margin|gap|row-gap|column-gap)(-[a-z-]+)?$/;
    const own = all.filter(
      (d) =>
        spacing.test(d.property) &&
        // -1px is the visually-hidden clip pattern, not spacing; article prose spaces in em, with its text.
        d.value.trim() !== '-1px' &&
        /(^|[\s(,])-?\d*\.?\d+(px|rem)\b/.test(d.value),
    );
    expect(own.map(where)).toEqual([]);
  });
});
