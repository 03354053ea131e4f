import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/mail';
import { mailsTo, messagesOf, sendPending } from '../../../tests/fixtures/notifications';
import { answerTest, practiceContent, submitTest } from '../../../tests/fixtures/practice';
import { entitledManager, pendingRequestId, technician, technicianInShop } from '../../../tests/fixtures/shop';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/fixtures/test-app';
import { addCalendarDays, today } from '../../domain/calendar-day';
import { isClientRoute } from '../../domain/client-routes';
import { notifications, profiles } from '../db/schema';
import { JOIN_REQUEST_EMAIL_GAP_MS } from './events';

let smtp: TestSmtpServer;
let t: TestApp;
let categories: Map<string, string>;
let key: Awaited<ReturnType<typeof practiceContent>>['key'];
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'TorquePrep <no-reply@torqueprep.test>' });
  ({ categories, key } = await practiceContent(t.database.db));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Past the assignment gathering window (2 min): every e-mail made now is due. */
const soon = () => new Date(Date.now() + 3 * 60_000);
const inAWeek = () => addCalendarDays(today(new Date(), 'UTC'), 7);

/** A header of a received mail, its folded lines joined (RFC 5322 unfolding). */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The signed token of a mail's List-Unsubscribe URL. */
function unsubscribeTokenIn(mail: ReceivedMail): string {
  const match = /<(https?:\/\/[^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe') ?? '');
  if (!match) throw new Error(`no List-Unsubscribe URL in:\n${mail.raw.slice(0, 2000)}`);
  const url = new URL((match[1] as string).replace(/\s+/g, ''));
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}/api/v1/unsubscribe`);
  return url.searchParams.get('token') as string;
}

/**
 * Exactly one mail anywhere holds `needle`, and it went to `to`, with the RFC 8058 headers and a link to
 * BASE_URL + `link` (an app page).
 */
async function theOneMail(to: string, needle: string, link: string): Promise<ReceivedMail> {
  const mails = await mailsTo(smtp, to, needle);
  expect(mails).toHaveLength(1);
  const mail = mails[0] as ReceivedMail;
  // Addressed to its owner alone.
  expect(mail.to).toEqual([to.toLowerCase()]);
  expect(headerOf(mail, 'To')).toBe(to.toLowerCase());
  expect(isClientRoute(link.split('?')[0] as string)).toBe(true);
  expect(mail.text).toContain(`${TEST_ORIGIN}${link}`);
  expect(headerOf(mail, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/v1\/unsubscribe\?token=/);
  expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  return mail;
}

async function inApp(cookie: string) {
  const r = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie } });
  expect(r.statusCode).toBe(200);
  return r.json() as {
    items: { id: string; kind: string; title: string; body: string; link: string; readAt: string | null }[];
    unreadCount: number;
  };
}

async function assign(manager: { cookie: string }, techId: string, code: string, dueDate = inAWeek()) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v1/manager/assignments',
    headers: { cookie: manager.cookie },
    payload: { techId, categoryId: categories.get(code), dueDate },
  });
  expect(r.statusCode).toBe(201);
  return r.json().assignment as { id: string };
}

/** The assigned test taken from the dashboard (start with its assignment), `right` of 20 answers right. */
async function takeAssignedTest(cookie: string, assignment: { id: string }, code: string, right: number) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v1/test-sessions',
    headers: { cookie },
    payload: { kind: 'category', categoryId: categories.get(code), assignmentId: assignment.id },
  });
  expect(started.statusCode).toBe(201);
  const session = started.json();
  await answerTest(t.app, cookie, session, key, right);
  const submitted = await submitTest(t.app, cookie, session.id);
  expect(submitted.statusCode).toBe(200);
  return submitted.json() as { score: number };
}

async function setLocale(id: string, locale: 'en' | 'es') {
  await t.database.db.update(profiles).set({ locale }).where(eq(profiles.id, id));
}

describe('assignment_created: the technician, in their language', () => {
  it('one test: category, due date and who assigned it, with a link to the test', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager, 'Ana Single');
    const dueDate = inAWeek();
    const created = await assign(manager, tech.id, 'A5', dueDate);
    const [message] = await messagesOf(t.database.db, tech.id, 'assignment_created');
    expect(message?.link).toBe(`/app?assignment=${created.id}`);
    // Its e-mail waits out the gathering window: a sender run now sends nothing of it.
    await sendPending(t, new Date());
    expect(
      smtp.received.filter((m) => m.to.includes(tech.email.toLowerCase()) && m.text.includes('Test assigned')),
    ).toEqual([]);

    await sendPending(t, soon());
    const mail = await theOneMail(tech.email, 'Test assigned: A5', `/app?assignment=${created.id}`);
    expect(mail.text).toContain('Max Manager assigned you the A5');
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(mail.text).toContain(day.format(new Date(`${dueDate}T12:00:00Z`)));

    const list = await inApp(tech.cookie);
    const entry = list.items.find((i) => i.kind === 'assignment_created');
    expect(entry).toMatchObject({ link: `/app?assignment=${created.id}`, readAt: null });
    expect(entry?.title).toContain('A5');
  });

  it('several within the window become one Spanish message listing them, to the technician only', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager, 'Beto Varios');
    await setLocale(tech.id, 'es');
    for (const code of ['A5', 'A6', 'A7']) await assign(manager, tech.id, code);
    const messages = await messagesOf(t.database.db, tech.id, 'assignment_created');
    expect(messages).toHaveLength(1);
    expect(messages[0]?.params).toMatchObject({ items: [{}, {}, {}] });

    await sendPending(t, soon());
    const mail = await theOneMail(tech.email, 'te asignó 3 pruebas', '/app');
    for (const code of ['A5', 'A6', 'A7']) expect(mail.text).toContain(code);
    expect(
      smtp.received.filter((m) => m.to.includes(manager.email.toLowerCase()) && m.text.includes('pruebas')),
    ).toEqual([]);

    const entry = (await inApp(tech.cookie)).items.find((i) => i.kind === 'assignment_created');
    expect(entry).toMatchObject({ title: '3 pruebas asignadas', link: '/app' });
  });
});

describe('join_request_received and shop_request_decided', () => {
  it('the manager hears of a request to join; the technician of its approval', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app, { shopCode: manager.shop.shopCode, fullName: 'Carla Joins' });
    expect(await messagesOf(t.database.db, manager.id, 'join_request_received')).toHaveLength(1);
    await sendPending(t, new Date());
    const request = await theOneMail(manager.email, 'Carla Joins asked to join', '/manager');
    expect(headerOf(request, 'Subject')).toBe('A technician asks to join Joe Garage');
    expect(request.to).not.toContain(tech.email.toLowerCase());
    expect((await inApp(manager.cookie)).items.map((i) => i.kind)).toContain('join_request_received');

    const id = await pendingRequestId(t.app, manager, tech.id);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/manager/join-requests/${id}/approve`,
      headers: { cookie: manager.cookie },
    });
    expect(approved.statusCode).toBe(200);
    await sendPending(t, new Date());
    await theOneMail(tech.email, 'You are now part of', '/app');
    const entry = (await inApp(tech.cookie)).items.find((i) => i.kind === 'shop_request_decided');
    expect(entry).toMatchObject({ title: 'Request approved', link: '/app' });
  });

  it('a rejection reaches the technician in Spanish, with a link to their profile', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app, { shopCode: manager.shop.shopCode, fullName: 'Dario Rechazado' });
    await setLocale(tech.id, 'es');
    const id = await pendingRequestId(t.app, manager, tech.id);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/manager/join-requests/${id}/reject`,
      headers: { cookie: manager.cookie },
    });
    expect(rejected.statusCode).toBe(200);
    await sendPending(t, new Date());
    await theOneMail(tech.email, 'rechazó tu solicitud', '/app/profile');
    const entry = (await inApp(tech.cookie)).items.find((i) => i.kind === 'shop_request_decided');
    expect(entry).toMatchObject({ title: 'Solicitud rechazada', link: '/app/profile' });
  });
});

describe('join_request_received: words a technician chose never make the subject, and one e-mail a day', () => {
  const PHISH = 'Billing alert: card declined, re-enter it at https://evil.example/pay <b>now</b>';
  const requestToJoin = (cookie: string, shopCode: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/me/shop-requests', headers: { cookie }, payload: { shopCode } });
  const cancel = (cookie: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/me/shop-requests/${id}/cancel`, headers: { cookie } });
  const joinMails = (manager: { email: string }) =>
    smtp.received.filter(
      (m) => m.to.includes(manager.email.toLowerCase()) && (headerOf(m, 'Subject') ?? '').includes('asks to join'),
    );

  it('names the shop in the subject and the technician, escaped, in the body only', async () => {
    const manager = await entitledManager(t.app);
    await technician(t.app, { shopCode: manager.shop.shopCode, fullName: PHISH });
    await sendPending(t, new Date());
    const mail = await theOneMail(manager.email, 're-enter it at', '/manager');
    expect(headerOf(mail, 'Subject')).toBe('A technician asks to join Joe Garage');
    expect(headerOf(mail, 'Subject')).not.toMatch(/Billing|evil/);
    expect(mail.text).toContain(`${PHISH} asked to join Joe Garage`);
    // The HTML part has it as text, never as markup.
    const html = mail.text.slice(mail.text.indexOf('<!doctype html>'));
    expect(html).toContain('&lt;b&gt;now&lt;/b&gt; asked to join');
    expect(html).not.toContain('<b>now</b>');
  });

  it('a request-and-cancel loop e-mails the manager once in 24 hours; each request still shows in-app', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app, { fullName: PHISH });
    for (let i = 0; i < 4; i++) {
      const asked = await requestToJoin(tech.cookie, manager.shop.shopCode);
      expect(asked.statusCode).toBe(201);
      expect((await cancel(tech.cookie, asked.json().request.id)).statusCode).toBe(200);
    }
    const messages = await messagesOf(t.database.db, manager.id, 'join_request_received');
    expect(messages.map((m) => m.emailStatus)).toEqual(['pending', 'skipped', 'skipped', 'skipped']);
    expect((await inApp(manager.cookie)).items.filter((i) => i.kind === 'join_request_received')).toHaveLength(4);
    await sendPending(t, new Date());
    const sent = await messagesOf(t.database.db, manager.id, 'join_request_received');
    expect(sent.map((m) => m.emailStatus)).toEqual(['sent', 'skipped', 'skipped', 'skipped']);
    await expect.poll(() => joinMails(manager).length).toBe(1);

    // Another technician asking to join the same shop is e-mailed about on their own.
    await technician(t.app, { shopCode: manager.shop.shopCode, fullName: 'Other Asker' });
    await sendPending(t, new Date());
    await expect.poll(() => joinMails(manager).length).toBe(2);

    // 24 hours after the e-mailed request, the next one is e-mailed again.
    const first = messages[0] as (typeof messages)[number];
    await t.database.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - JOIN_REQUEST_EMAIL_GAP_MS - 60_000) })
      .where(eq(notifications.id, first.id));
    expect((await requestToJoin(tech.cookie, manager.shop.shopCode)).statusCode).toBe(201);
    const latest = (await messagesOf(t.database.db, manager.id, 'join_request_received')).at(-1);
    expect(latest?.emailStatus).toBe('pending');
  });
});

describe('assignment_completed: a manager who chose an e-mail per test', () => {
  it('tells the score and whether it passed, once, with a link to the technician', async () => {
    const manager = await entitledManager(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/notification-preferences',
      headers: { cookie: manager.cookie },
      payload: { completionEmails: 'each' },
    });
    expect(put.statusCode).toBe(200);
    const tech = await technicianInShop(t.app, manager, 'Eva Finisher');
    const assignment = await assign(manager, tech.id, 'A5');
    const results = await takeAssignedTest(tech.cookie, assignment, 'A5', 16);
    expect(results.score).toBeGreaterThanOrEqual(70);

    await sendPending(t, soon());
    const link = `/manager/technicians/${tech.id}`;
    const mail = await theOneMail(manager.email, 'Eva Finisher finished the A5', link);
    expect(headerOf(mail, 'Subject')).toBe(`Assigned test passed: A5 Brakes, ${results.score}%`);
    expect(mail.text).toContain(`passed with ${results.score}%`);
    const entry = (await inApp(manager.cookie)).items.find((i) => i.kind === 'assignment_completed');
    expect(entry).toMatchObject({ link });
    expect(entry?.body).toContain(`passed with ${results.score}%`);
  });

  it('a failed attempt says it did not pass', async () => {
    const manager = await entitledManager(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/notification-preferences',
      headers: { cookie: manager.cookie },
      payload: { completionEmails: 'each' },
    });
    const tech = await technicianInShop(t.app, manager, 'Fede Fails');
    const assignment = await assign(manager, tech.id, 'A6');
    const results = await takeAssignedTest(tech.cookie, assignment, 'A6', 4);
    expect(results.score).toBeLessThan(70);
    await sendPending(t, soon());
    const mail = await theOneMail(manager.email, 'Fede Fails finished the A6', `/manager/technicians/${tech.id}`);
    expect(headerOf(mail, 'Subject')).toMatch(/^Assigned test not passed: A6 /);
    expect(mail.text).toContain(`did not pass with ${results.score}%`);
    expect(mail.text).not.toMatch(/Fede Fails passed/);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('stops that kind only, needs no sign-in, and GET changes nothing', async () => {
    const managerA = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, managerA, 'Gil Unsubscribes');
    await sendPending(t, new Date());
    const approval = await theOneMail(tech.email, 'You are now part of', '/app');
    const token = unsubscribeTokenIn(approval);

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/v1/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ kind: 'shop_request_decided', email: true });
    const prefs = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/me/notification-preferences', headers: { cookie: tech.cookie } });
    expect((await prefs()).json().email.shop_request_decided).toBe(true);

    // Forged: another recipient's id under the same signature, or the signature altered.
    const [payload, signature] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(`${managerA.id}\nshop_request_decided`).toString('base64url');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    for (const forged of [`${otherPayload}.${signature}`, `${payload}.${flipped}`, 'not-a-token']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/v1/unsubscribe?token=${encodeURIComponent(forged)}`,
        headers: { origin: undefined, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('UNSUBSCRIBE_LINK_INVALID');
    }
    expect((await prefs()).json().email.shop_request_decided).toBe(true);

    // What a mail provider sends: a form POST, no cookie, no Origin.
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { origin: undefined, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ kind: 'shop_request_decided', email: false });
    const after = (await prefs()).json();
    expect(after.email.shop_request_decided).toBe(false);
    expect(after.email.assignment_created).toBe(true);

    // A later decision of that kind: in-app only.
    const managerB = await entitledManager(t.app);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/shop-requests',
      headers: { cookie: tech.cookie },
      payload: { shopCode: managerB.shop.shopCode },
    });
    expect(change.statusCode).toBe(201);
    const requestId = await pendingRequestId(t.app, managerB, tech.id);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/manager/join-requests/${requestId}/reject`,
      headers: { cookie: managerB.cookie },
    });
    expect(rejected.statusCode).toBe(200);
    const decided = await messagesOf(t.database.db, tech.id, 'shop_request_decided');
    expect(decided.map((m) => m.emailStatus)).toEqual(['sent', 'skipped']);
    expect((await inApp(tech.cookie)).items.filter((i) => i.kind === 'shop_request_decided')).toHaveLength(2);

    // Another kind is still mailed.
    const created = await assign(managerA, tech.id, 'A8');
    await sendPending(t, soon());
    expect(await mailsTo(smtp, tech.email, 'rejected your request', 300)).toEqual([]);
    await theOneMail(tech.email, 'Test assigned: A8', `/app?assignment=${created.id}`);
  });
});

describe('the notification centre: only your own', () => {
  it("another person's id is not found; unread count and read-all work", async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager, 'Hana Reader');
    await assign(manager, tech.id, 'A1');
    const managerList = await inApp(manager.cookie);
    const techList = await inApp(tech.cookie);
    expect(techList.unreadCount).toBe(2); // approved, and the assignment
    const count = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count', headers: { cookie: tech.cookie } });
    expect((await count()).json()).toEqual({ unreadCount: 2 });

    const managersOwn = managerList.items[0]?.id as string;
    const notMine = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${managersOwn}/read`,
      headers: { cookie: tech.cookie },
    });
    expect(notMine.statusCode).toBe(404);
    expect((await inApp(manager.cookie)).items[0]?.readAt).toBeNull();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/00000000-0000-4000-8000-000000000000/read',
      headers: { cookie: tech.cookie },
    });
    expect(unknown.statusCode).toBe(404);

    const first = techList.items[0]?.id as string;
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${first}/read`,
      headers: { cookie: tech.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 1 });
    expect((await count()).json()).toEqual({ unreadCount: 1 });

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: { cookie: tech.cookie },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await inApp(tech.cookie)).items.every((i) => i.readAt !== null)).toBe(true);
    expect((await inApp(manager.cookie)).unreadCount).toBe(managerList.unreadCount);
  });
});
