/**
 * The demo data of `npm run seed:demo` (seed-demo-cli.ts): a demo shop on a 14-day trial, its manager and three
 * technicians with a few weeks of test history (taken through the real submit, so scores, mastery, progress and
 * achievements are what those tests leave), an assignment, and ASE certifications (an ASE Master whose A7 is
 * due for renewal, and one with an expired A4).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expirationDate } from '../../domain/certifications';
import { TRIAL_DAYS } from '../../domain/constants';
import { LETTERS } from '../../domain/content/letters';
import { submitTestSession } from '../modules/practice';
import type { Database } from './client';
import {
  aseCategories,
  authUsers,
  certificationAuditLog,
  profiles,
  questions,
  shops,
  subscriptionPlans,
  subscriptions,
  techCertifications,
  testAnswers,
  testAssignments,
  testSessions,
} from './schema';
import { theRow } from './the-row';

export const DEMO_SHOP_CODE = 'SHOPDEMO01';
export const DEMO_PEOPLE = [
  { email: 'manager@demo.torqueprep.test', name: 'Dana Demo', role: 'manager' as const },
  { email: 'alex@demo.torqueprep.test', name: 'Alex Rivera', role: 'tech' as const, level: '3_to_5' as const },
  { email: 'sam@demo.torqueprep.test', name: 'Sam Okafor', role: 'tech' as const, level: '6_to_10' as const },
  { email: 'jordan@demo.torqueprep.test', name: 'Jordan Lee', role: 'tech' as const, level: '1_to_2' as const },
];

/** Each technician's history: how many 20-question category tests, over how many days, and how often right. */
const HISTORY = [
  { email: 'alex@demo.torqueprep.test', tests: 14, days: 40, accuracy: 0.86 },
  { email: 'sam@demo.torqueprep.test', tests: 9, days: 30, accuracy: 0.72 },
  { email: 'jordan@demo.torqueprep.test', tests: 4, days: 10, accuracy: 0.55 },
];
const QUESTIONS_PER_TEST = 20;

/** A small seeded generator (mulberry32), so every demo has the same history. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Signs a person up (better-auth's sign-up, so they can sign in) and gives their user id. */
export type SignUp = (person: { email: string; password: string; name: string }) => Promise<string>;

/**
 * Creates the demo on a migrated, seeded database: its accounts (with generated passwords, returned once),
 * shop, certifications, history and assignment. Null when the demo shop exists already. A run that fails
 * part-way leaves nothing behind (its passwords were never shown), so running it again starts afresh.
 */
export async function seedDemo(
  db: Database,
  signUp: SignUp,
): Promise<{ email: string; password: string; role: string }[] | null> {
  const [existing] = await db.select().from(shops).where(eq(shops.shopCode, DEMO_SHOP_CODE));
  if (existing) return null;
  await removeDemo(db);
  try {
    return await createDemo(db, signUp);
  } catch (error) {
    await removeDemo(db);
    throw error;
  }
}

/** The demo's shop (its subscription, assignments) and accounts (their tests, certifications, profiles). */
async function removeDemo(db: Database) {
  await db.delete(shops).where(eq(shops.shopCode, DEMO_SHOP_CODE));
  await db.delete(authUsers).where(
    inArray(
      authUsers.email,
      DEMO_PEOPLE.map((person) => person.email),
    ),
  );
}

async function createDemo(db: Database, signUp: SignUp): Promise<{ email: string; password: string; role: string }[]> {
  const people = DEMO_PEOPLE;
  const created: { email: string; password: string; role: string }[] = [];
  const accounts: { person: (typeof DEMO_PEOPLE)[number]; id: string }[] = [];
  for (const person of people) {
    const password = randomBytes(6).toString('base64url');
    accounts.push({ person, id: await signUp({ email: person.email, password, name: person.name }) });
    created.push({ email: person.email, password, role: person.role });
  }
  const idOf = (email: string): string => {
    const account = accounts.find(({ person }) => person.email === email);
    if (!account) throw new Error(`The demo has no account ${email}`);
    return account.id;
  };
  const managerId = idOf('manager@demo.torqueprep.test');
  const alexId = idOf('alex@demo.torqueprep.test');
  const samId = idOf('sam@demo.torqueprep.test');
  const plan = theRow(
    await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.shopType, 'independent')),
    'read the independent plan (run db:seed first)',
  );
  const categoryRows = await db.select().from(aseCategories).orderBy(asc(aseCategories.code));
  const categories = new Map(categoryRows.map((c) => [c.code, c.id]));
  const shop = await db.transaction(async (tx) => {
    const now = new Date();
    const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
    const shop = theRow(
      await tx
        .insert(shops)
        .values({
          name: 'Demo Auto Repair',
          type: 'independent',
          shopCode: DEMO_SHOP_CODE,
          managerId,
          trialEndsAt: trialEnd,
        })
        .returning(),
      'insert demo shop',
    );
    const subscription = theRow(
      await tx
        .insert(subscriptions)
        .values({ shopId: shop.id, planId: plan.id, status: 'trial', trialEnd, currentPeriodEnd: trialEnd })
        .returning(),
      'insert demo subscription',
    );
    await tx.update(shops).set({ subscriptionId: subscription.id }).where(eq(shops.id, shop.id));
    await tx.insert(profiles).values(
      accounts.map(({ person, id }) => ({
        id,
        email: person.email,
        fullName: person.name,
        role: person.role,
        shopId: shop.id,
        experienceLevel: 'level' in person ? person.level : null,
      })),
    );
    // Certifications: Alex is an ASE Master with A7 due for renewal soon; Sam holds A5 and an expired A4.
    const yearsAgo = (years: number, days = 0) =>
      new Date(now.getTime() - (years * 365.25 + days) * 86_400_000).toISOString().slice(0, 10);
    const certs = [
      ...['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A8'].map((code) => ({ techId: alexId, code, obtained: yearsAgo(2) })),
      { techId: alexId, code: 'A7', obtained: yearsAgo(4, 300) },
      { techId: samId, code: 'A5', obtained: yearsAgo(1) },
      { techId: samId, code: 'A4', obtained: yearsAgo(5, 20) },
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
    return shop;
  });
  // Test history: each test is written as a technician's answered test and submitted through the app's submit
  // at the time it was taken, so everything a submit records follows from it.
  const rng = random(2026);
  const categoryIds = categoryRows.map((c) => c.id);
  const practiceBank = await db
    .select({ id: questions.id, categoryId: questions.categoryId, correct: questions.correctAnswer })
    .from(questions)
    .where(and(eq(questions.pool, 'practice'), eq(questions.active, true)))
    .orderBy(asc(questions.id));
  const now = Date.now();
  for (const [t, history] of HISTORY.entries()) {
    const techId = idOf(history.email);
    for (let k = 0; k < history.tests; k++) {
      const categoryId = categoryIds[(k * 3 + t) % categoryIds.length];
      if (categoryId === undefined) throw new Error('The demo needs the ASE categories: run db:seed first');
      const picked = practiceBank
        .filter((q) => q.categoryId === categoryId)
        .map((q) => ({ q, order: rng() }))
        .sort((a, b) => a.order - b.order)
        .slice(0, QUESTIONS_PER_TEST)
        .map(({ q }) => q);
      const completedAt = new Date(
        now - ((history.tests - k) / history.tests) * history.days * 86_400_000 + Math.floor(rng() * 8) * 3_600_000,
      );
      const startedAt = new Date(completedAt.getTime() - (10 + Math.floor(rng() * 15)) * 60_000);
      const session = theRow(
        await db
          .insert(testSessions)
          .values({ techId, categoryId, kind: 'category', totalQuestions: picked.length, startedAt })
          .returning({ id: testSessions.id }),
        'insert demo test session',
      );
      // A little better with each test.
      const accuracy = Math.min(0.97, history.accuracy - 0.08 + (0.16 * k) / history.tests);
      await db.insert(testAnswers).values(
        picked.map((q, position) => ({
          sessionId: session.id,
          position,
          questionId: q.id,
          selectedAnswer: rng() < accuracy ? q.correct : LETTERS[(LETTERS.indexOf(q.correct) + 1) % LETTERS.length],
          answeredAt: startedAt,
        })),
      );
      await submitTestSession(db, techId, session.id, completedAt);
    }
  }
  // An open assignment: the manager asked Jordan to take A5 within a week.
  const jordan = idOf('jordan@demo.torqueprep.test');
  await db.insert(testAssignments).values({
    managerId,
    techId: jordan,
    shopId: shop.id,
    categoryId: categories.get('A5') as string,
    dueDate: new Date(now + 7 * 86_400_000),
    notes: 'Brakes first: we have three brake jobs booked next week.',
  });

  return created;
}
