/**
 * `npm run seed:demo`: the demo shop, its manager and technicians with history (seed-demo.ts) on the configured
 * database. Passwords are generated and printed once; run it again to see that the demo already exists.
 */
import { TRIAL_DAYS } from '../../domain/constants';
import { createAuth } from '../auth/auth';
import { resolveAuthSecret } from '../auth/secret';
import { loadConfig } from '../config';
import { withDatabase } from './cli';
import { loadContent } from './content';
import { seedContent } from './seed';
import { DEMO_SHOP_CODE, seedDemo } from './seed-demo';

const config = loadConfig();
await withDatabase(async ({ db, migrate }) => {
  await migrate();
  await seedContent(db, loadContent());
  const auth = createAuth(db, {
    baseUrl: config.BASE_URL,
    secret: resolveAuthSecret(config.BETTER_AUTH_SECRET, config.DATA_DIR),
    resetPasswordTtlSeconds: config.PASSWORD_RESET_TTL_SECONDS,
    // Only sign-ups happen here: no server is running whose sessions or mails could be affected.
    sendResetPassword: () => {},
    onSessionEnded: async () => {},
  });
  const created = await seedDemo(db, async (person) => (await auth.api.signUpEmail({ body: person })).user.id);
  if (!created) {
    console.log(`The demo shop (${DEMO_SHOP_CODE}) already exists; its passwords were printed when it was created.`);
    return;
  }
  console.log(
    `Demo shop "Demo Auto Repair" (${DEMO_SHOP_CODE}) on a ${TRIAL_DAYS}-day trial. Sign in at ${config.BASE_URL}/sign-in with:`,
  );
  console.table(created);
  console.log('These passwords are shown only once.');
});
