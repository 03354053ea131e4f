/** `npm run dev`: the API on :3001 (restarts on change) and Vite on :3000 proxying /api to it. */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '3001', BASE_URL: 'http://localhost:3000' },
  }),
  spawn('npx', ['vite', '--port', '3000'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
