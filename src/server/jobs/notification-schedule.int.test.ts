import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/mail';
import { mailsTo, messagesOf, sendPending } from '../../../tests/fixtures/notifications';
import { practiceContent } from '../../../tests/fixtures/practice';
import { entitledManager, technicianInShop } from '../../../tests/fixtures/shop';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/fixtures/test-app';
import { endOfDay } from '../../domain/calendar-day';
import { isClientRoute } from '../../domain/client-routes';
import { profiles, subscriptions, techCertifications, testAssignments } from '../db/schema';
import { updatePreferences } from '../notifications/preferences';
import { runNotificationSchedule } from './notification-schedule';

let smtp: TestSmtpServer;
let t: TestApp;
let categories: Map<string, string>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'TorquePrep <no-reply@torqueprep.test>' });
  ({ categories } = await practiceContent(t.database.db));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// Monday 18 March 2030, 17:00 UTC: noon in Chicago, 13:00 in New York. Digest day 1 (the default) is Monday.
const MONDAY = new Date('2030-03-18T17:00:00Z');
const at = (iso: string) => new Date(iso);
const run = (now: Date) => runNotificationSchedule(t.database.db, now);
const categoryId = (code: string) => categories.get(code) as string;

async function setProfile(id: string, values: { locale?: 'en' | 'es'; timeZone?: string }) {
  await t.database.db.update(profiles).set(values).where(eq(profiles.id, id));
}

async function shopWithTech(techName = 'Tina Tech') {
  const manager = await entitledManager(t.app);
  const tech = await technicianInShop(t.app, manager, techName);
  return { manager, tech };
}

async function assign(
  shop: Awaited<ReturnType<typeof shopWithTech>>,
  code: string,
  dueDate: Date,
  done?: { completedAt: Date; score: number },
) {
  const [row] = await t.database.db
    .insert(testAssignments)
    .values({
      managerId: shop.manager.id,
      techId: shop.tech.id,
      shopId: shop.manager.shop.id,
      categoryId: categoryId(code),
      dueDate,
      ...(done ? { status: 'completed', completedAt: done.completedAt, attempts: 1, lastScore: done.score } : {}),
    })
    .returning();
  return row as typeof testAssignments.$inferSelect;
}

async function certify(techId: string, code: string, expirationDate: string) {
  const [row] = await t.database.db
    .insert(techCertifications)
    .values({ techId, categoryId: categoryId(code), obtainedDate: '2025-01-01', expirationDate })
    .returning();
  return row as typeof techCertifications.$inferSelect;
}

/** The app path of a stored link, without its query: the page the e-mail's button opens. */
const pageOf = (link: string) => link.split('?')[0] as string;

describe('technician: due tomorrow, in their zone and language', () => {
  it('lists the tests due tomorrow in one Spanish message; running again, or twice at once, adds none', async () => {
    const shop = await shopWithTech();
    await setProfile(shop.tech.id, { locale: 'es', timeZone: 'America/Chicago' });
    const tomorrow = endOfDay('2030-03-19', 'America/Chicago');
    const a5 = await assign(shop, 'A5', tomorrow);
    const a6 = await assign(shop, 'A6', tomorrow);
    await assign(shop, 'A1', endOfDay('2030-03-25', 'America/Chicago'));
    await assign(shop, 'A4', tomorrow, { completedAt: at('2030-03-17T15:00:00Z'), score: 90 });

    await run(MONDAY);
    await Promise.all([run(MONDAY), run(MONDAY)]);
    const [message, ...others] = await messagesOf(t.database.db, shop.tech.id, 'assignment_due_tomorrow');
    expect(others).toHaveLength(0);
    expect(message?.dedupeKey).toBe('2030-03-19');
    expect(((message?.params.items ?? []) as { assignmentId: string }[]).map((i) => i.assignmentId).sort()).toEqual(
      [a5.id, a6.id].sort(),
    );
    expect(isClientRoute(pageOf(message?.link ?? ''))).toBe(true);

    await sendPending(t, MONDAY);
    const mails = await mailsTo(smtp, shop.tech.email, 'vencen mañana');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${TEST_ORIGIN}/app`);
    expect(mails[0]?.text).toContain('Frenos');
  });

  it('says nothing a day early or on the due day itself', async () => {
    const shop = await shopWithTech();
    await setProfile(shop.tech.id, { timeZone: 'America/Chicago' });
    await assign(shop, 'A5', endOfDay('2030-03-20', 'America/Chicago'));
    await run(MONDAY);
    await run(at('2030-03-20T15:00:00Z'));
    expect(await messagesOf(t.database.db, shop.tech.id, 'assignment_due_tomorrow')).toHaveLength(0);
    await run(at('2030-03-19T15:00:00Z'));
    expect(await messagesOf(t.database.db, shop.tech.id, 'assignment_due_tomorrow')).toHaveLength(1);
  });
});

describe('certifications: the technician at 90/30/7/0 days, the manager at 60', () => {
  it('catches up with the 30-day notice only, then the 7-day one; the manager hears once', async () => {
    const shop = await shopWithTech();
    const cert = await certify(shop.tech.id, 'A5', '2030-04-07'); // 20 days after MONDAY
    await run(MONDAY);
    await run(at('2030-03-19T17:00:00Z'));
    let notices = await messagesOf(t.database.db, shop.tech.id, 'certification_expiring');
    expect(notices.map((n) => n.dedupeKey)).toEqual([`${cert.id}:30`]);
    expect(notices[0]?.params.daysLeft).toBe(20);
    await run(at('2030-03-31T17:00:00Z'));
    notices = await messagesOf(t.database.db, shop.tech.id, 'certification_expiring');
    expect(notices.map((n) => n.dedupeKey)).toEqual([`${cert.id}:30`, `${cert.id}:7`]);

    const told = await messagesOf(t.database.db, shop.manager.id, 'technician_certification_expiring');
    expect(told).toHaveLength(1);
    expect(told[0]?.link).toBe('/manager/certifications');

    await sendPending(t, at('2030-03-31T17:00:00Z'));
    expect(await mailsTo(smtp, shop.tech.email, 'expires in 20 days')).toHaveLength(1);
    expect(await mailsTo(smtp, shop.tech.email, 'expires in 7 days')).toHaveLength(1);
    expect(await mailsTo(smtp, shop.manager.email, 'Tina Tech')).not.toHaveLength(0);
  });

  it('leaves a deleted or inactive certification alone', async () => {
    const shop = await shopWithTech();
    const cert = await certify(shop.tech.id, 'A6', '2030-04-07');
    await t.database.db.update(techCertifications).set({ isActive: false }).where(eq(techCertifications.id, cert.id));
    await run(MONDAY);
    expect(await messagesOf(t.database.db, shop.tech.id, 'certification_expiring')).toHaveLength(0);
  });
});

describe('manager: overdue, daily summary, trial ending, Master at risk, weekly digest', () => {
  it('makes each once, in the manager zone, with links to the screens that act on them', async () => {
    const shop = await shopWithTech('Marco Mecánico');
    await setProfile(shop.manager.id, { locale: 'es', timeZone: 'America/New_York' });
    await assign(shop, 'A5', endOfDay('2030-03-15', 'America/New_York'));
    await assign(shop, 'A1', endOfDay('2030-03-20', 'America/New_York'), {
      completedAt: at('2030-03-17T15:00:00Z'),
      score: 82,
    });
    await t.database.db
      .update(subscriptions)
      .set({ status: 'trial', trialEnd: at('2030-03-20T12:00:00Z') })
      .where(eq(subscriptions.id, shop.manager.subscriptionId));
    for (const code of ['A1', 'A2', 'A4', 'A5', 'A6', 'A7', 'A8']) await certify(shop.tech.id, code, '2034-01-01');
    await certify(shop.tech.id, 'A3', '2030-06-01');

    for (let i = 0; i < 2; i++) await run(MONDAY);
    const one = async (kind: string) => {
      const rows = await messagesOf(t.database.db, shop.manager.id, kind);
      expect(rows, kind).toHaveLength(1);
      const row = rows[0] as (typeof rows)[number];
      expect(isClientRoute(pageOf(row.link)), row.link).toBe(true);
      return row;
    };
    const overdue = await one('assignment_overdue');
    expect(overdue.dedupeKey).toBe('2030-03-15');
    const summary = await one('assignment_daily_summary');
    expect(summary.params).toMatchObject({ day: '2030-03-17', items: [{ score: 82, passed: true }] });
    const trial = await one('shop_trial_ending');
    expect(trial.params.daysLeft).toBe(2);
    const master = await one('master_at_risk');
    expect(master.link).toBe(`/manager/technicians/${shop.tech.id}`);
    expect(master.params.atRisk).toMatchObject([{ code: 'A3', expirationDate: '2030-06-01' }]);
    const digest = await one('weekly_digest');
    expect(digest.params).toMatchObject({
      behind: [{ technicianName: 'Marco Mecánico', overdue: 1 }],
      technicians: [{ name: 'Marco Mecánico' }],
    });
    // The Tuesday catch-up finds the digest already made; Wednesday is not a digest day.
    await run(at('2030-03-19T17:00:00Z'));
    await run(at('2030-03-20T17:00:00Z'));
    expect(await messagesOf(t.database.db, shop.manager.id, 'weekly_digest')).toHaveLength(1);

    await sendPending(t, at('2030-03-20T17:00:00Z'));
    expect(await mailsTo(smtp, shop.manager.email, 'Resumen semanal')).toHaveLength(1);
    expect(await mailsTo(smtp, shop.manager.email, 'Técnico Maestro')).toHaveLength(1);
    expect(await mailsTo(smtp, shop.manager.email, `${TEST_ORIGIN}/manager/subscription`)).toHaveLength(1);
  });

  it('sends no daily summary to a manager who chose a message per test', async () => {
    const shop = await shopWithTech();
    await updatePreferences(t.database.db, shop.manager.id, { completionEmails: 'each' });
    await assign(shop, 'A2', endOfDay('2030-03-20', 'UTC'), { completedAt: at('2030-03-17T15:00:00Z'), score: 50 });
    await run(MONDAY);
    expect(await messagesOf(t.database.db, shop.manager.id, 'assignment_daily_summary')).toHaveLength(0);
  });
});

describe('technician: the weekly study nudge is opt-in', () => {
  it('goes to those who asked for it, on their digest day, once', async () => {
    const shop = await shopWithTech();
    const other = await technicianInShop(t.app, shop.manager, 'Otto Other');
    await updatePreferences(t.database.db, shop.tech.id, { email: { study_nudge: true }, digestDay: 2 });
    await run(MONDAY);
    expect(await messagesOf(t.database.db, shop.tech.id, 'study_nudge')).toHaveLength(0);
    await run(at('2030-03-19T17:00:00Z'));
    await run(at('2030-03-20T17:00:00Z'));
    const nudges = await messagesOf(t.database.db, shop.tech.id, 'study_nudge');
    expect(nudges).toHaveLength(1);
    expect(nudges[0]?.params).toMatchObject({ streakDays: 0, cardsDue: 0 });
    expect(await messagesOf(t.database.db, other.id, 'study_nudge')).toHaveLength(0);
    await sendPending(t, at('2030-03-20T17:00:00Z'));
    expect(await mailsTo(smtp, shop.tech.email, 'Your study plan for the week')).toHaveLength(1);
  });
});
