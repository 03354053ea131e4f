import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { loadContent } from '../src/server/db/content';
import { seedContent } from '../src/server/db/seed';
import { submitTestSession } from '../src/server/modules/practice/submit';

const adminUrl = process.env.DATABASE_URL as string;
const dbName = `tp_tmp_${randomBytes(4).toString('hex')}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 20 });
await handle.migrate();
await seedContent(handle.db, loadContent());
const raw = new pg.Client({ connectionString: url });
await raw.connect();
const USERS = 50;
await raw.query(`insert into auth_users (id, name, email) select 'u'||g, 'U'||g, 'u'||g||'@x.com' from generate_series(1,$1) g`, [USERS]);
await raw.query(`insert into profiles (id, email, full_name, role, experience_level) select 'u'||g, 'u'||g||'@x.com', 'U'||g, 'tech', '3_to_5' from generate_series(1,$1) g`, [USERS]);
const { rows: [cat] } = await raw.query(`select id from ase_categories where code='A1'`);
await raw.query(`insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, started_at)
  select p.id, $1, 'category', 20, 0, now() from profiles p, generate_series(1, 200)`, [cat.id]);
await raw.query(`insert into test_answers (session_id, position, question_id, selected_answer, answered_at)
  select s.id, q.position, q.id, (array['A','B','C','D'])[1 + floor(random() * 4)::int], now()
  from test_sessions s cross join lateral (select id, row_number() over () - 1 as position from (
    select id from questions where category_id = $1 and pool = 'practice' order by md5(id || s.id::text) limit 20) x) q`, [cat.id]);
await raw.query('vacuum analyze');
const { rows } = await raw.query<{ id: string; tech_id: string }>(`select id, tech_id from test_sessions`);
const byUser = new Map<string, string[]>();
for (const r of rows) byUser.set(r.tech_id, [...(byUser.get(r.tech_id) ?? []), r.id]);
const SECONDS = Number(process.env.SECS ?? 8);
const end = Date.now() + SECONDS * 1000;
let done = 0;
const lat: number[] = [];
await Promise.all([...byUser].map(async ([user, sessions]) => {
  while (Date.now() < end && sessions.length) {
    const t0 = performance.now();
    await submitTestSession(handle.db, user, sessions.shift() as string);
    lat.push(performance.now() - t0);
    done++;
  }
}));
lat.sort((a, b) => a - b);
console.log(`submits/s ${(done / SECONDS).toFixed(0)} p50 ${lat[Math.floor(lat.length / 2)].toFixed(1)} p99 ${lat[Math.floor(lat.length * 0.99)].toFixed(1)}`);
await raw.end();
await handle.close();
await admin.query(`drop database ${dbName} with (force)`);
await admin.end();
