import { eq, sql } from 'drizzle-orm';
import { withDatabase } from './cli';
import { profiles, questionEditors } from './schema';

/**
 * `npm run user:editor -- email [--remove]`: makes an existing account a content editor (ADR 0020), or
 * takes the role away. The only way to grant it: no sign-up or profile route can.
 */
const args = process.argv.slice(2);
const remove = args.includes('--remove');
const email = args
  .find((a) => !a.startsWith('--'))
  ?.trim()
  .toLowerCase();
if (!email) {
  console.error('Usage: npm run user:editor -- <email> [--remove]');
  process.exit(2);
}

await withDatabase(async (database) => {
  await database.migrate();
  const { db } = database;
  const [profile] = await db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email));
  if (!profile) {
    console.error(`No account with the e-mail ${email}.`);
    process.exitCode = 1;
    return;
  }
  if (remove) {
    await db.delete(questionEditors).where(eq(questionEditors.userId, profile.id));
    console.log(`${profile.fullName} <${email}> is no longer an editor.`);
  } else {
    await db.insert(questionEditors).values({ userId: profile.id }).onConflictDoNothing();
    console.log(`${profile.fullName} <${email}> is an editor: /editor/questions`);
  }
});
