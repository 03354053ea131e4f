import { describe, expect, it } from 'vitest';
import type { Letter } from './letters';
import { blindItems, type ReviewAnswer, reviewAnswersFileSchema, reviewSummary, scoreReview } from './review';
import type { QuestionItem } from './schemas';

function item(n: number, answer: Letter): QuestionItem {
  return {
    id: `a5-000${n}`,
    category: 'A5',
    area: 'Disc Brakes',
    difficulty: 'hard',
    format: 'direct',
    question: `Question ${n}?`,
    options: { A: 'a', B: 'b', C: 'c', D: 'd' },
    answer,
    explanation: 'secret explanation',
    whyWrong: {},
  };
}
const pool = [item(1, 'A'), item(2, 'B'), item(3, 'C'), item(4, 'D')];
const answer = (id: string, letter: Letter, extra: Partial<ReviewAnswer> = {}): ReviewAnswer => ({
  id,
  answer: letter,
  confidence: 4,
  flag: 'ok',
  ...extra,
});

describe('blindItems', () => {
  it('keeps only id, area, question and options, in a shuffled order', () => {
    const blind = blindItems(pool, () => 0);
    expect(blind.map((b) => b.id)).toEqual(['a5-0002', 'a5-0003', 'a5-0004', 'a5-0001']);
    for (const b of blind) expect(Object.keys(b).sort()).toEqual(['area', 'id', 'options', 'question']);
    expect(JSON.stringify(blind)).not.toContain('secret');
  });
});

describe('reviewAnswersFileSchema', () => {
  it('accepts the documented shape and rejects a bad letter, confidence or flag', () => {
    expect(reviewAnswersFileSchema.safeParse([answer('a5-0001', 'A', { note: 'fine' })]).success).toBe(true);
    expect(reviewAnswersFileSchema.safeParse([{ ...answer('a5-0001', 'A'), answer: 'E' }]).success).toBe(false);
    expect(reviewAnswersFileSchema.safeParse([{ ...answer('a5-0001', 'A'), confidence: 6 }]).success).toBe(false);
    expect(reviewAnswersFileSchema.safeParse([{ ...answer('a5-0001', 'A'), flag: 'bad' }]).success).toBe(false);
  });
});

describe('scoreReview', () => {
  it('counts agreements, lists disagreements and flags, and names missing, unknown and repeated ids', () => {
    const score = scoreReview(pool, [
      answer('a5-0001', 'A'),
      answer('a5-0002', 'C', { flag: 'ambiguous', note: 'C fits too', confidence: 3 }),
      answer('a5-0003', 'C', { flag: 'too-easy', confidence: 1 }),
      answer('a5-0003', 'D'),
      answer('a5-0099', 'A'),
    ]);
    expect(score).toMatchObject({ pool: 4, reviewed: 3, agreements: 2, missing: ['a5-0004'] });
    expect(score.unknown).toEqual(['a5-0099']);
    expect(score.duplicates).toEqual(['a5-0003']);
    expect(score.disagreements).toEqual([
      { id: 'a5-0002', reviewer: 'C', key: 'B', confidence: 3, flag: 'ambiguous', note: 'C fits too' },
    ]);
    expect(score.flags.ambiguous.map((a) => a.id)).toEqual(['a5-0002']);
    expect(score.flags['too-easy'].map((a) => a.id)).toEqual(['a5-0003']);
    expect(score.unsure.map((a) => a.id)).toEqual(['a5-0003']);
    expect(reviewSummary('A5 questions', score)).toBe(
      'A5 questions: 3 of 4 items reviewed blind; 2 agree with the key (66.7%), 1 disagree; ' +
        '2 flagged (66.7%): 1 ambiguous, 0 wrong-premise, 0 unclear, 1 too-easy.',
    );
  });
});
