import { z } from 'zod';
import type { Letter } from './letters';
import { letterSchema, type QuestionItem } from './schemas';

/** What a blind reviewer sees of an item: no key, explanation, whyWrong or difficulty. */
export interface BlindItem {
  id: string;
  area: string;
  question: string;
  options: QuestionItem['options'];
}

export const REVIEW_FLAGS = ['ok', 'ambiguous', 'wrong-premise', 'unclear', 'too-easy'] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];

/** One line of `.review/<code>.answers.json`, written by the reviewer. */
export const reviewAnswerSchema = z
  .object({
    id: z.string().min(1),
    answer: letterSchema,
    confidence: z.number().int().min(1).max(5),
    flag: z.enum(REVIEW_FLAGS),
    note: z.string().optional(),
  })
  .strict();
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;
export const reviewAnswersFileSchema = z.array(reviewAnswerSchema);

/** The target after fixes (docs/PRODUCT.md#content-standards): under 3% of reviewed items flagged. */
export const REVIEW_FLAG_TARGET = 0.03;

/** The items in a random order (Fisher–Yates with the given source of randomness), stripped for review. */
export function blindItems(items: QuestionItem[], random: () => number = Math.random): BlindItem[] {
  const order = items.map((q) => ({ id: q.id, area: q.area, question: q.question, options: { ...q.options } }));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    // Both in range: i < order.length by the loop, 0 <= j <= i by the line above.
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export interface Disagreement {
  id: string;
  reviewer: Letter;
  key: Letter;
  confidence: number;
  flag: ReviewFlag;
  note?: string;
}

export interface ReviewScore {
  pool: number;
  reviewed: number;
  agreements: number;
  disagreements: Disagreement[];
  /** Every answer with a flag other than ok, by flag. */
  flags: Record<Exclude<ReviewFlag, 'ok'>, ReviewAnswer[]>;
  /** Agreements the reviewer was unsure of (confidence 1–2): worth a second look. */
  unsure: ReviewAnswer[];
  /** Pool items with no answer, and answers to ids not in the pool or given twice. */
  missing: string[];
  unknown: string[];
  duplicates: string[];
}

/** Compares a reviewer's blind answers with the key. */
export function scoreReview(items: QuestionItem[], answers: ReviewAnswer[]): ReviewScore {
  const byId = new Map(items.map((q) => [q.id, q]));
  const seen = new Set<string>();
  const score: ReviewScore = {
    pool: items.length,
    reviewed: 0,
    agreements: 0,
    disagreements: [],
    flags: { ambiguous: [], 'wrong-premise': [], unclear: [], 'too-easy': [] },
    unsure: [],
    missing: [],
    unknown: [],
    duplicates: [],
  };
  for (const a of answers) {
    const q = byId.get(a.id);
    if (!q) {
      score.unknown.push(a.id);
      continue;
    }
    if (seen.has(a.id)) {
      score.duplicates.push(a.id);
      continue;
    }
    seen.add(a.id);
    score.reviewed += 1;
    if (a.answer === q.answer) {
      score.agreements += 1;
      if (a.confidence <= 2) score.unsure.push(a);
    } else {
      score.disagreements.push({
        id: a.id,
        reviewer: a.answer,
        key: q.answer,
        confidence: a.confidence,
        flag: a.flag,
        note: a.note,
      });
    }
    if (a.flag !== 'ok') score.flags[a.flag].push(a);
  }
  score.missing = items.filter((q) => !seen.has(q.id)).map((q) => q.id);
  return score;
}

export function flaggedCount(score: ReviewScore): number {
  return Object.values(score.flags).reduce((n, list) => n + list.length, 0);
}

/** The one line for content/REVIEW.md. */
export function reviewSummary(label: string, score: ReviewScore): string {
  const percent = (n: number) => `${score.reviewed === 0 ? '0.0' : ((100 * n) / score.reviewed).toFixed(1)}%`;
  const flagged = flaggedCount(score);
  const kinds = (Object.keys(score.flags) as (keyof ReviewScore['flags'])[])
    .map((k) => `${score.flags[k].length} ${k}`)
    .join(', ');
  return (
    `${label}: ${score.reviewed} of ${score.pool} items reviewed blind; ${score.agreements} agree with the key ` +
    `(${percent(score.agreements)}), ${score.disagreements.length} disagree; ${flagged} flagged (${percent(flagged)}): ${kinds}.`
  );
}
