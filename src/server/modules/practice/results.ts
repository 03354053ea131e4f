import { areaScores, weakestArea } from '../../../domain/area-scores';
import { isPassingScore } from '../../../domain/constants';
import type { Results } from '../../../domain/contracts/practice';
import { sectionInChapter } from '../../../domain/study-areas';
import { shownReason } from '../../../domain/translation';
import type { Executor } from '../../db/client';
import { type GuideIndex, loadGuideIndex } from './guide-index';
import type { SessionRow, SlotRow } from './session-rows';

/** The guide index of every category a session's questions come from. */
export function guideIndexFor(db: Executor, rows: SlotRow[]) {
  return loadGuideIndex(db, [...new Set(rows.map((r) => r.categoryCode))]);
}

/** The results of a completed session: score, per-category and per-area scores, and the question review. */
export function buildResults(
  session: Pick<SessionRow, 'completedAt' | 'score' | 'correctAnswers' | 'totalQuestions'>,
  rows: SlotRow[],
  guides: Map<string, GuideIndex>,
): Results {
  // An ASE simulation's unscored items count nowhere in the results (ADR 0021); the review still shows them.
  const scoredRows = rows.filter((r) => r.scored);
  const breakdown = new Map<string, { categoryCode: string; categoryName: string; correct: number; total: number }>();
  for (const r of scoredRows) {
    const b = breakdown.get(r.categoryCode) ?? {
      categoryCode: r.categoryCode,
      categoryName: r.categoryName,
      correct: 0,
      total: 0,
    };
    b.total += 1;
    if (r.isCorrect) b.correct += 1;
    breakdown.set(r.categoryCode, b);
  }
  const areas = areaScores(
    scoredRows.map((r) => ({
      categoryCode: r.categoryCode,
      contentArea: r.contentArea,
      correct: r.isCorrect === true,
    })),
  );
  const weakest = weakestArea(areas);
  const score = session.score ?? 0;
  return {
    score,
    passed: isPassingScore(score),
    correct: session.correctAnswers,
    total: scoredRows.length,
    completedAt: (session.completedAt as Date).toISOString(),
    breakdown: [...breakdown.values()].sort((a, b) => a.categoryCode.localeCompare(b.categoryCode)),
    areas: areas.map((a) => {
      const chapter = guides.get(a.categoryCode)?.chapterOfArea.get(a.area);
      return {
        ...a,
        weakest: a === weakest,
        chapter: chapter ? { number: chapter.number, title: chapter.title, es: chapter.es } : null,
      };
    }),
    review: rows.map((r) => {
      const correct = r.isCorrect === true;
      // The key and explanation only for questions the technician answered: a blank exam must not be a way
      // to harvest answer keys for an assigned test.
      const answered = r.selected !== null;
      return {
        position: r.position,
        questionId: r.question.id,
        question: r.question.text,
        options: r.question.options,
        exhibit: r.question.exhibit,
        categoryCode: r.categoryCode,
        contentArea: r.contentArea,
        selected: r.selected,
        correctAnswer: answered ? r.question.correctAnswer : null,
        correct,
        explanation: answered ? r.question.explanation : null,
        whyWrong: shownReason(r.question.whyWrong, r.selected, correct),
        studySection: studySectionFor(guides.get(r.categoryCode), r.contentArea, r.question),
        scored: r.scored,
        // The Spanish words by the same rules as the English ones above (ADR 0024).
        es: r.question.es
          ? {
              question: r.question.es.question,
              options: r.question.es.options,
              exhibit: r.question.es.exhibit ?? null,
              explanation: answered ? r.question.es.explanation : null,
              whyWrong: shownReason(r.question.es.whyWrong, r.selected, correct),
            }
          : null,
      };
    }),
    newAchievements: [],
  };
}

type StudySection = { chapter: number; section: number; title: string; es: { title: string } | null };

/**
 * Each question's section, kept per question object (the submit's come from question-texts.ts's cache, the
 * same object until the question changes) and per guide index (re-read every few minutes).
 */
const sectionOf = new WeakMap<object, { guide: GuideIndex | undefined; area: string; section: StudySection | null }>();

/** The section a reviewed question links to: its own area's, never one picked by its position. */
function studySectionFor(
  guide: GuideIndex | undefined,
  areaName: string,
  question: { text: string },
): StudySection | null {
  const known = sectionOf.get(question);
  if (known && known.guide === guide && known.area === areaName) return known.section;
  const chapter = guide?.chapterOfArea.get(areaName);
  const area = guide?.areas.find((a) => a.name === areaName);
  const found = chapter && area ? sectionInChapter(chapter, area, question.text) : null;
  const section =
    chapter && found ? { chapter: chapter.number, section: found.number, title: found.title, es: found.es } : null;
  sectionOf.set(question, { guide, area: areaName, section });
  return section;
}
