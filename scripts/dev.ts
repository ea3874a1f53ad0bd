/**
 * `npm run dev`: the API in watch mode on API_PORT (default 3001) and Vite with hot reload on
 * PORT (default 3000, proxying /api), both on the same SQLite file as `npm start`.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
