import { describe, expect, it } from 'vitest';
import { checkCategoryBank, checkItems } from './quality';
import type { CategoryContent, QuestionItem } from './schemas';

const category: CategoryContent = {
  code: 'A5',
  name: 'Brakes',
  description: 'd',
  areas: [
    { name: 'Disc', share: 50, keywords: ['disc'] },
    { name: 'Drum', share: 50, keywords: ['drum'] },
  ],
};

function bank(n: number, tweak: (q: QuestionItem, i: number) => Partial<QuestionItem> = () => ({})): QuestionItem[] {
  const letters = ['A', 'B', 'C', 'D'] as const;
  const difficulties = [
    'easy',
    'easy',
    'easy',
    'medium',
    'medium',
    'medium',
    'medium',
    'hard',
    'hard',
    'hard',
  ] as const;
  return Array.from({ length: n }, (_, i) => {
    const answer = letters[i % 4];
    const q: QuestionItem = {
      id: `a5-${String(i + 1).padStart(4, '0')}`,
      category: 'A5',
      area: i % 2 === 0 ? 'Disc' : 'Drum',
      difficulty: difficulties[i % 10],
      question: `Question number ${i}?`,
      // Option lengths vary so the key is the longest only sometimes.
      options: { A: 'aaaa', B: 'bbbbbb', C: 'cc', D: 'ddddd' },
      answer,
      explanation: 'e',
      whyWrong: Object.fromEntries(letters.filter((l) => l !== answer).map((l) => [l, 'w'])),
    };
    return { ...q, ...tweak(q, i) };
  });
}

describe('checkCategoryBank', () => {
  it('passes a balanced bank of 160', () => {
    expect(checkCategoryBank(category, bank(160))).toEqual([]);
  });
  it('needs at least 150 questions', () => {
    expect(checkCategoryBank(category, bank(148))).toContainEqual(expect.stringContaining('need at least 150'));
  });
  it('flags a letter outside 20–30%', () => {
    const skewed = bank(160, (_, i) => (i < 40 ? { answer: 'B', whyWrong: { A: 'w', C: 'w', D: 'w' } } : {}));
    expect(checkCategoryBank(category, skewed).some((p) => p.includes('answer B'))).toBe(true);
  });
  it('flags the correct option being longest in more than 35%', () => {
    const longest = bank(160, (q) => ({ options: { ...q.options, [q.answer]: 'the longest option of them all' } }));
    expect(checkCategoryBank(category, longest)).toContainEqual(expect.stringContaining('longest'));
  });
  it('flags an area share more than 5 points off', () => {
    const offArea = bank(160, (_, i) => (i < 30 ? { area: 'Disc' } : {}));
    expect(checkCategoryBank(category, offArea)).toContainEqual(expect.stringContaining('area "Drum"'));
  });
});

describe('checkItems', () => {
  it('flags duplicate ids, duplicate stems and "all of the above"', () => {
    const [a, b] = bank(2);
    const problems = checkItems([
      a,
      { ...b, id: a.id, question: `  ${a.question.toUpperCase()} ` },
      { ...b, id: 'a5-0099', question: 'x', options: { ...b.options, C: 'All of the above' } },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('duplicate id'),
        expect.stringContaining('duplicate question stem'),
        expect.stringContaining('all/none of the above'),
      ]),
    );
  });
});
