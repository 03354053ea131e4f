import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, today } from '../../src/domain/calendar-day';
import { parseStudyGuide } from '../../src/domain/content/study-guide';
import { sectionForQuestion } from '../../src/domain/study-areas';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, type Session, uniqueEmail } from './browser';
import { managerOnTrial } from './manager-helpers';
import { ITEMS, type Letter, wrong } from './practice-helpers';

/**
 * A failed assigned test (docs/PRODUCT.md#assignments) says "Not passed yet" to the technician and the manager, with
 * Try again and the missed questions first; each reviewed question links to the guide section on its own area.
 */
const root = resolve(import.meta.dirname, '../..');
const A5_GUIDE = parseStudyGuide(readFileSync(join(root, 'content/study-guides/a5.md'), 'utf8'));
const A5_AREAS = (
  JSON.parse(readFileSync(join(root, 'content/categories.json'), 'utf8')) as {
    code: string;
    areas: { name: string; keywords: string[] }[];
  }[]
).find((c) => c.code === 'A5')!.areas;
const AREA_OF = new Map<string, string>(
  (JSON.parse(readFileSync(join(root, 'content/questions/a5.json'), 'utf8')) as { id: string; area: string }[]).map(
    (q) => [q.id, q.area],
  ),
);
/** The section the content says a question's own area is read in (ADR 0031), as "1.2 Brake Fluid Types…". */
function expectedSection(questionId: string): { chapter: number; section: number; title: string } {
  const item = ITEMS.get(questionId)!;
  const found = sectionForQuestion(A5_GUIDE, A5_AREAS, AREA_OF.get(questionId)!, item.question);
  if (!found) throw new Error(`no section for ${questionId}`);
  return { chapter: found.chapter.number, section: found.section.number, title: found.section.title };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a failed assigned test', () => {
  let manager: Session;
  let tech: Session;
  beforeAll(async () => {
    manager = await openSession(browser);
    tech = await openSession(browser, { width: 375, height: 812 });
  });
  afterAll(async () => {
    await manager.context.close();
    await tech.context.close();
  });

  it('shows Not passed yet to both sides, with Try again and the missed first; each missed question reads its own section', async () => {
    const shopCode = await managerOnTrial(manager, { emailPrefix: 'e2e.retake' });
    const sign = await tech.api.post('/api/v1/auth/sign-up', {
      data: {
        email: uniqueEmail('e2e.retake'),
        password: 'Rotor-gauge-42',
        fullName: 'Terry Torque',
        role: 'tech',
        yearsOfExperience: '3_to_5',
        shopCode,
      },
    });
    expect(sign.status()).toBe(201);
    const techId = (await sign.json()).user.id as string;
    const { requests } = await (await manager.context.request.get('/api/v1/manager/join-requests')).json();
    const request = (requests as { id: string; technician: { id: string } }[]).find((r) => r.technician.id === techId)!;
    expect((await manager.api.post(`/api/v1/manager/join-requests/${request.id}/approve`)).status()).toBe(200);
    const { categories } = await (await manager.context.request.get('/api/v1/categories')).json();
    const a5 = (categories as { id: string; code: string }[]).find((c) => c.code === 'A5')!;
    const assigned = await manager.api.post('/api/v1/manager/assignments', {
      // Due in 2 days: due soon.
      data: {
        techId,
        categoryId: a5.id,
        dueDate: addCalendarDays(today(new Date(), 'UTC'), 2),
        notes: 'Before the clinic',
      },
    });
    expect(assigned.status()).toBe(201);

    // On the phone, the assignment due soon comes before the first visit's warm-up, its Start Test in view.
    const t = tech.page;
    await t.goto('/app');
    const assignedHeading = t.getByRole('heading', { name: 'Assigned Tests' });
    const startHere = t.getByRole('heading', { name: 'Which ASE test are you preparing for?' });
    const startAssigned = t.getByRole('button', { name: 'Start Test: assigned A5 Brakes' });
    await startHere.waitFor();
    expect((await assignedHeading.boundingBox())!.y).toBeLessThan((await startHere.boundingBox())!.y);
    const button = (await startAssigned.boundingBox())!;
    // Above the tab bar fixed at the bottom of the 812 px screen.
    expect(button.y + button.height).toBeLessThan(740);
    // The technician starts it from the dashboard; the runner says whose test it is and when it is due.
    await startAssigned.click();
    await t.waitForURL(/\/app\/tests\/[0-9a-f-]+$/);
    await t.getByText(/^Assigned by Mona Manager · Due [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    await expectNoSeriousA11yViolations(t);
    // It scores 30 % (6 of 20).
    const firstId = new URL(t.url()).pathname.split('/').at(-1)!;
    const started = await (await tech.context.request.get(`/api/v1/test-sessions/${firstId}`)).json();
    for (const slot of started.slots as { position: number; question: { id: string } }[]) {
      const key = ITEMS.get(slot.question.id)!.answer;
      const answer: Letter = slot.position < 6 ? key : wrong(key);
      const saved = await tech.api.put(`/api/v1/test-sessions/${firstId}/answers/${slot.position}`, {
        data: { answer },
      });
      expect(saved.status()).toBe(200);
    }
    const submitted = await tech.api.post(`/api/v1/test-sessions/${firstId}/submit`);
    expect(submitted.status()).toBe(200);
    const results = await submitted.json();
    expect(results.score).toBe(30);

    // Item 2: every reviewed question links to the section on its own area, whatever its position.
    for (const item of results.review as {
      questionId: string;
      studySection: { chapter: number; section: number; title: string };
    }[]) {
      expect(item.studySection).toMatchObject(expectedSection(item.questionId));
    }

    // The results say who assigned it and what completes it.
    await t.reload();
    await t
      .getByText('Assigned by Mona Manager. A score of 70% or more completes it · 1 attempt so far.', { exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(t);
    // A missed question's link names and opens the section of its area.
    const missed = (results.review as { correct: boolean; questionId: string; position: number }[]).find(
      (r) => r.position >= 15 && !r.correct,
    )!;
    const stem = ITEMS.get(missed.questionId)!.question.trim();
    const card = t.getByRole('listitem').filter({ hasText: stem.slice(0, 60) });
    const toggle = card.getByRole('button', { expanded: false });
    if ((await toggle.count()) > 0) await toggle.first().click();
    const section = expectedSection(missed.questionId);
    const link = card.getByRole('link', { name: `Read ${section.chapter}.${section.section} ${section.title}` });
    await link.click();
    await t.waitForURL((url) => url.pathname === `/app/study/A5/${section.chapter}/${section.section}`);
    await t
      .getByRole('heading', { level: 1, name: `${section.chapter}.${section.section} ${section.title}` })
      .waitFor();

    // Item 3, the technician: Not passed yet with the score, the attempts, Try again and the missed first.
    await t.goto('/app');
    const assignedTests = t.getByRole('region', { name: 'Assigned Tests' });
    await assignedTests.getByText('Not passed yet — 30% (needs 70%) · 1 attempt', { exact: true }).waitFor();
    expect(await assignedTests.getByText('In Progress', { exact: true }).count()).toBe(0);
    await assignedTests.getByRole('button', { name: 'Practice the 14 you missed first: assigned A5 Brakes' }).waitFor();
    await expectNoSeriousA11yViolations(t);

    // The manager's row: Not passed yet, the last score and the attempts.
    const m = manager.page;
    await m.goto('/manager');
    const row = m.getByRole('region', { name: 'Test Assignments' }).getByRole('row', { name: /Terry Torque/ });
    await row.getByText('Not passed yet', { exact: true }).waitFor();
    await row.getByText('Last score 30% · 1 attempt', { exact: true }).waitFor();
    expect(await row.getByText('In Progress', { exact: true }).count()).toBe(0);
    await expectNoSeriousA11yViolations(m);

    // Try again starts a new attempt of the assignment, which is then under way.
    await assignedTests.getByRole('button', { name: 'Try again: assigned A5 Brakes' }).click();
    await t.waitForURL((url) => /\/app\/tests\/[0-9a-f-]+$/.test(url.pathname) && !url.pathname.endsWith(firstId));
    await t.goto('/app');
    await t.getByRole('region', { name: 'Assigned Tests' }).getByText('In Progress', { exact: true }).waitFor();
    await m.reload();
    await m
      .getByRole('region', { name: 'Test Assignments' })
      .getByRole('row', { name: /Terry Torque/ })
      .getByText('In Progress', { exact: true })
      .waitFor();
    expect(tech.problems).toEqual([]);
    expect(manager.problems).toEqual([]);
  });
});
