/**
 * The server under test for bench/practice.ts, in its own process so the load generator does not
 * share its event loop: the real app on the given PostgreSQL database, plus two reference routes
 * (a bare 10-row select, and the same select behind the technician check) and a latency recorder.
 *
 *   BENCH_DATABASE_URL=… BENCH_PORT=… npx tsx bench/practice-server.ts
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { requireSignedInAs } from '../src/server/authz';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { loadContent } from '../src/server/db/content';
import { seedContent } from '../src/server/db/seed';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');
const port = Number(process.env.BENCH_PORT ?? 0);

const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  BASE_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL: '100000',
  CREATE_LIMIT_PER_USER: '100000000',
  REVIEW_ANSWERS_PER_MINUTE: '100000000',
  BILLING_PROVIDER: 'mock',
});
const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 20 });
await database.migrate();
await seedContent(database.db, loadContent());
const app = await buildApp({ config, database, logger: false });

const tenRows = () =>
  database.db
    .execute(sql`select id, question_text from questions order by id limit 10`)
    .then((r) => (r as unknown as { rows: unknown[] }).rows);
app.get('/bench/bare', { schema: { hide: true } }, tenRows);
app.get('/bench/authed', { schema: { hide: true } }, async (request, reply) => {
  await requireSignedInAs(request, reply, 'tech');
  return tenRows();
});

// Server-side latency per route, from Fastify's own timer; read and reset by the load generator.
let samples = new Map<string, number[]>();
app.addHook('onResponse', async (request, reply) => {
  const route = `${request.method} ${request.routeOptions.url}`;
  if (route.includes('/bench/samples')) return;
  const list = samples.get(route) ?? [];
  list.push(reply.elapsedTime);
  samples.set(route, list);
});
app.post('/bench/samples', { schema: { hide: true } }, async () => {
  const taken = Object.fromEntries(samples);
  samples = new Map();
  return taken;
});

await app.listen({ port, host: '127.0.0.1' });
console.log('bench server ready');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
