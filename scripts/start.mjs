// `npm start`: build the app when dist/ is missing, then run the server (which migrates,
// seeds an empty database and prints the URL, the invitation code and the demo login).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const run = (args) => {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync('dist/index.html') || process.env.REBUILD === '1') {
  console.log('Building the app (dist/ is missing)...');
  run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
}
run(['--import', 'tsx', 'src/server/main.ts']);
