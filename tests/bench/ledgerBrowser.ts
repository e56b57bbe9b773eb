/**
 * Checking one row's proof in the browser as the app does (src/shared/ledger/check.ts, bundled as
 * the app bundles it), in Debian's Chromium with the CPU slowed 4x by the DevTools protocol (a
 * slow phone): the first row of a period (its head's signature and its path) and each further row
 * of a head already checked (its path alone; the app checks a head's signature once).
 */
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { LedgerKey, LedgerProof } from '../../src/shared/api/types';
import { chromiumPath } from '../../scripts/preflight.mjs';

const ENTRY = `
import { checkHead, rowInHead, trustedKeys } from './src/shared/ledger/check';
globalThis.timeChecks = (input, times) => {
  const firstRow = [];
  const nextRow = [];
  let ok = true;
  for (let i = 0; i < times; i++) {
    let started = performance.now();
    const keys = trustedKeys(input.keys);
    ok = ok && checkHead(input.proof.head, keys) && rowInHead(input.proof);
    firstRow.push(performance.now() - started);
    started = performance.now();
    ok = ok && rowInHead(input.proof);
    nextRow.push(performance.now() - started);
  }
  return { ok, firstRow, nextRow };
};
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median ms of 21 checks of `proof` at 4x CPU slowdown: with its head's signature, and its path alone. */
export async function browserCheckMs(
  proof: LedgerProof,
  keys: LedgerKey[],
): Promise<{ firstRowMs: number; nextRowMs: number }> {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    target: 'es2022',
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>ledger check</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const result = await page.evaluate(
      ([input, times]) =>
        (
          globalThis as unknown as {
            timeChecks: (input: unknown, times: number) => { ok: boolean; firstRow: number[]; nextRow: number[] };
          }
        ).timeChecks(input, times),
      [{ proof, keys }, 21] as const,
    );
    if (!result.ok) throw new Error('the bench proof does not check in the browser');
    return { firstRowMs: median(result.firstRow), nextRowMs: median(result.nextRow) };
  } finally {
    await browser.close();
  }
}
