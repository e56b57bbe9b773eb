/**
 * `npm run admin -- <command>`: see commands.ts. Passwords come from a prompt without echo when
 * standard input is a terminal, otherwise from the first line of standard input (secretInput.ts).
 */
import { runAdmin } from './commands';
import { secretReader } from './secretInput';
import { terminalSafe } from './terminalText';

let readStdin = false;
const readSecret = secretReader({ input: process.stdin, prompt: process.stderr });

runAdmin(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readSecret: (prompt, options) => {
    readStdin = true;
    return readSecret(prompt, options);
  },
})
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(`${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    // What was left unread on standard input must not keep the program waiting.
    if (readStdin) process.stdin.destroy();
  });
