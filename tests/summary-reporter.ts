import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints plain closing lines after vitest's own report, so a CI log reader that does not know
 * vitest still sees what failed and the counts: one "FAILED <file> > <test>: <first error line>"
 * per failure, followed by the rest of the error's message as "  | " lines (what a journey says of
 * its failure: the toasts it saw, the answers it got), then "Tests: N passed, N failed, N skipped".
 * `npm test` repeats the FAILED lines and their detail at the very end, where a log cut to its tail
 * still shows them.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failedHere++;
          const message = result.errors?.[0]?.message;
          failures.push(
            `FAILED ${relative(process.cwd(), module.moduleId)} > ${test.fullName}: ${firstLine(message)}${detail(message)}`,
          );
        } else skipped++;
      }
      // A file that failed outside its tests (an import, a beforeAll) counts as one failure.
      if (module.state() === 'failed' && failedHere === 0) {
        failures.push(`FAILED ${relative(process.cwd(), module.moduleId)}: ${firstLine(module.errors()[0]?.message)}`);
      }
    }
    const lines = failures.map((line) => `${line}\n`).join('');
    process.stdout.write(`\n${lines}Tests: ${passed} passed, ${failures.length} failed, ${skipped} skipped\n`);
  }
}

function firstLine(message: string | undefined): string {
  return (message ?? 'no message').split('\n')[0].slice(0, 300);
}

/** At most this many of a message's further lines: enough for a journey's account, not a dump. */
const DETAIL_LINES = 40;

function detail(message: string | undefined): string {
  const rest = (message ?? '').split('\n').slice(1, 1 + DETAIL_LINES);
  return rest.map((line) => `\n  | ${line.slice(0, 300)}`).join('');
}
