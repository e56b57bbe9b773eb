import { readFileSync } from 'node:fs';

/** The verification code the console SMS sender printed for a number, waiting for it to appear. */
export async function smsCodeFor(logFile: string, quhao: string, phone: string, timeoutMs = 10_000): Promise<string> {
  const pattern = new RegExp(`SMS code for \\${quhao}${phone}: (\\d{6})`, 'g');
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const matches = [...readFileSync(logFile, 'utf8').matchAll(pattern)];
    if (matches.length > 0) return matches[matches.length - 1][1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${quhao}${phone} in the server log`);
}
