/**
 * `npm run seed:demo`: a demo shop on a 14-day trial, its manager and three technicians (two with ASE
 * certifications: an ASE Master whose A7 is due for renewal, and one with an expired A4).
 * Passwords are generated and printed once; run it again to see that the demo already exists.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expirationDate } from '../../domain/certifications';
import { TRIAL_DAYS } from '../../domain/constants';
import { createAuth } from '../auth/auth';
import { resolveAuthSecret } from '../auth/secret';
import { loadConfig } from '../config';
import { withDatabase } from './cli';
import { loadContent } from './content';
import {
  aseCategories,
  certificationAuditLog,
  profiles,
  shops,
  subscriptionPlans,
  subscriptions,
  techCertifications,
} from './schema';
import { seedContent } from './seed';

const DEMO_SHOP_CODE = 'SHOPDEMO01';
const people = [
  { email: 'manager@demo.torqueprep.test', name: 'Dana Demo', role: 'manager' as const },
  { email: 'alex@demo.torqueprep.test', name: 'Alex Rivera', role: 'tech' as const, level: '3_to_5' as const },
  { email: 'sam@demo.torqueprep.test', name: 'Sam Okafor', role: 'tech' as const, level: '6_to_10' as const },
  { email: 'jordan@demo.torqueprep.test', name: 'Jordan Lee', role: 'tech' as const, level: '1_to_2' as const },
];

const config = loadConfig();
await withDatabase(async ({ db, migrate }) => {
  await migrate();
  await seedContent(db, loadContent());
  const [existing] = await db.select().from(shops).where(eq(shops.shopCode, DEMO_SHOP_CODE));
  if (existing) {
    console.log(`The demo shop (${DEMO_SHOP_CODE}) already exists; its passwords were printed when it was created.`);
    return;
  }
  const auth = createAuth(db, {
    baseUrl: config.BASE_URL,
    secret: resolveAuthSecret(config.BETTER_AUTH_SECRET, config.DATA_DIR),
    resetPasswordTtlSeconds: config.PASSWORD_RESET_TTL_SECONDS,
    // Only sign-ups happen here: no server is running whose sessions or mails could be affected.
    sendResetPassword: () => {},
    onSessionEnded: async () => {},
  });
  const created: { email: string; password: string; role: string }[] = [];
  const ids: string[] = [];
  for (const person of people) {
    const password = randomBytes(6).toString('base64url');
    const result = await auth.api.signUpEmail({ body: { email: person.email, password, name: person.name } });
    ids.push(result.user.id);
    created.push({ email: person.email, password, role: person.role });
  }
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.shopType, 'independent'));
  await db.transaction(async (tx) => {
    const managerId = ids[0];
    const now = new Date();
    const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
    const [shop] = await tx
      .insert(shops)
      .values({
        name: 'Demo Auto Repair',
        type: 'independent',
        shopCode: DEMO_SHOP_CODE,
        managerId,
        trialEndsAt: trialEnd,
      })
      .returning();
    const [subscription] = await tx
      .insert(subscriptions)
      .values({ shopId: shop.id, planId: plan.id, status: 'trial', trialEnd, currentPeriodEnd: trialEnd })
      .returning();
    await tx.update(shops).set({ subscriptionId: subscription.id }).where(eq(shops.id, shop.id));
    await tx.insert(profiles).values(
      people.map((person, i) => ({
        id: ids[i],
        email: person.email,
        fullName: person.name,
        role: person.role,
        shopId: shop.id,
        experienceLevel: 'level' in person ? person.level : null,
      })),
    );
    // Certifications: Alex is an ASE Master with A7 due for renewal soon; Sam holds A5 and an expired A4.
    const categories = new Map((await tx.select().from(aseCategories)).map((c) => [c.code, c.id]));
    const yearsAgo = (years: number, days = 0) =>
      new Date(now.getTime() - (years * 365.25 + days) * 86_400_000).toISOString().slice(0, 10);
    const certs = [
      ...['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A8'].map((code) => ({ techId: ids[1], code, obtained: yearsAgo(2) })),
      { techId: ids[1], code: 'A7', obtained: yearsAgo(4, 300) },
      { techId: ids[2], code: 'A5', obtained: yearsAgo(1) },
      { techId: ids[2], code: 'A4', obtained: yearsAgo(5, 20) },
    ];
    const rows = await tx
      .insert(techCertifications)
      .values(
        certs.map((c) => ({
          techId: c.techId,
          categoryId: categories.get(c.code) as string,
          obtainedDate: c.obtained,
          expirationDate: expirationDate(c.obtained),
          certificationNumber: `ASE-${c.code}-${1000 + certs.indexOf(c)}`,
        })),
      )
      .returning({ id: techCertifications.id, techId: techCertifications.techId });
    await tx
      .insert(certificationAuditLog)
      .values(
        rows.map((r) => ({ certificationId: r.id, techId: r.techId, action: 'created' as const, actorId: r.techId })),
      );
  });
  console.log(
    `Demo shop "Demo Auto Repair" (${DEMO_SHOP_CODE}) on a ${TRIAL_DAYS}-day trial. Sign in at ${config.BASE_URL}/sign-in with:`,
  );
  console.table(created);
  console.log('These passwords are shown only once.');
});
