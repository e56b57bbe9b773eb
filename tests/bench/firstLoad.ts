/**
 * What a phone downloads to show home the first time: every response's bytes on the wire
 * (compressed as served) from the navigation until the network is idle, as a guest on a fresh
 * server with an empty browser. Goal: at most 150 KiB.
 */
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServerProcess } from '../support/serverProcess';
import { chromiumPath } from '../../scripts/preflight.mjs';

export const FIRST_LOAD_GOAL_KIB = 150;

export async function measureFirstLoad(): Promise<{ bytes: number; requests: number }> {
  const server = await startServerProcess({ seconds: 120, close: 60 });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    devtools.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await page.goto(server.url + '/', { waitUntil: 'networkidle' });
    return { bytes, requests };
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export function printFirstLoad(figure: { bytes: number; requests: number }): void {
  console.log('\n== First load of home (guest, empty browser, bytes on the wire) ==');
  console.log(
    `${(figure.bytes / 1024).toFixed(1)} KiB in ${figure.requests} responses (goal: at most ${FIRST_LOAD_GOAL_KIB} KiB)`,
  );
}
