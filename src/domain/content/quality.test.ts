import { describe, expect, it } from 'vitest';
import { firstN } from '../../../tests/fixtures/present';
import {
  checkCategoryBank,
  checkCategoryCues,
  checkItems,
  checkMasterChallenge,
  checkStudyGuide,
  checkStudyLinks,
} from './quality';
import type { CategoryContent, QuestionItem } from './schemas';

const category: CategoryContent = {
  code: 'A5',
  name: 'Brakes',
  description: 'd',
  areas: [
    { name: 'Disc', share: 50, keywords: ['disc'] },
    { name: 'Drum', share: 50, keywords: ['drum'] },
  ],
  simulation: { scoredQuestions: 45, minutes: 75 },
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
    const answer = letters[i % 4]!;
    const q: QuestionItem = {
      id: `a5-${String(i + 1).padStart(4, '0')}`,
      category: 'A5',
      area: i % 2 === 0 ? 'Disc' : 'Drum',
      difficulty: difficulties[i % 10]!,
      format: i % 7 === 0 ? 'two-technician' : 'direct',
      // Every seventh item (14%) is in ASE's two-technician form.
      question:
        i % 7 === 0
          ? `Technician A says case ${i} is one thing. Technician B says it is another. Who is correct?`
          : `Question number ${i}?`,
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
  it('passes a balanced bank of 300', () => {
    expect(checkCategoryBank(category, bank(300))).toEqual([]);
  });
  it('needs at least 300 questions', () => {
    expect(checkCategoryBank(category, bank(298))).toContainEqual(expect.stringContaining('need at least 300'));
  });
  it('flags a letter outside 20–30%', () => {
    const skewed = bank(300, (_, i) => (i < 70 ? { answer: 'B', whyWrong: { A: 'w', C: 'w', D: 'w' } } : {}));
    expect(checkCategoryBank(category, skewed).some((p) => p.includes('answer B'))).toBe(true);
  });
  it('flags the correct option being longest in more than 35%', () => {
    const longest = bank(300, (q) => ({ options: { ...q.options, [q.answer]: 'the longest option of them all' } }));
    expect(checkCategoryBank(category, longest)).toContainEqual(expect.stringContaining('longest'));
  });
  it('flags an area share more than 5 points off', () => {
    const offArea = bank(300, (_, i) => (i < 60 ? { area: 'Disc' } : {}));
    expect(checkCategoryBank(category, offArea)).toContainEqual(expect.stringContaining('area "Drum"'));
  });
});

describe('checkCategoryCues', () => {
  it('passes a bank under 5% flagged and fails one at 5% or more', () => {
    const cued = (n: number) =>
      bank(100, (q, i) =>
        i < n
          ? {
              question: `Which part holds the widget ${i}?`,
              options: { ...q.options, [q.answer]: 'The widget holder' },
            }
          : {},
      );
    expect(checkCategoryCues('A5', cued(4)).problems).toEqual([]);
    expect(checkCategoryCues('A5', cued(5)).problems).toEqual([
      'A5: 5 items (5.0%) have an answer cue (need under 5%)',
    ]);
  });
});

describe('checkMasterChallenge', () => {
  it('needs 25 items of the category', () => {
    const pool = bank(25, (_, i) => ({ id: `mc-${String(i + 1).padStart(4, '0')}`, difficulty: 'hard' }));
    expect(checkMasterChallenge('A5', pool)).toEqual([]);
    expect(checkMasterChallenge('A5', pool.slice(1))).toEqual(['A5 Master Challenge: 24 items, need at least 25']);
    expect(checkMasterChallenge('A5', [...pool.slice(1), { ...pool[0]!, category: 'A4' }])).toContainEqual(
      expect.stringContaining('category A4 in A5'),
    );
  });
});

describe('checkStudyGuide', () => {
  const section = (number: number, title: string) => ({ number, title, content: 'Text.' });
  const chapter = (number: number, title: string, titles = ['One', 'Two', 'Three']) => ({
    number,
    title,
    description: 'About it.',
    sections: titles.map((t, i) => section(i + 1, t)),
  });
  const topical = [
    chapter(1, 'Disc Brakes'),
    chapter(2, 'Drum Brakes'),
    chapter(3, 'More Disc Work'),
    chapter(4, 'Disc Again'),
  ];

  it('passes a guide that covers every area and ends in a short Diagnostic Strategy chapter', () => {
    expect(checkStudyGuide(category, [...topical, chapter(5, 'Brake Diagnostic Strategy')])).toEqual([]);
  });
  it('needs the last chapter to be the Diagnostic Strategy chapter', () => {
    const guide = [chapter(1, 'Brake Diagnostic Strategy'), ...topical.map((c) => ({ ...c, number: c.number + 1 }))];
    expect(checkStudyGuide(category, guide)).toContainEqual(
      expect.stringContaining('must contain "Diagnostic Strategy"'),
    );
  });
  it('keeps the strategy chapter short', () => {
    const long = chapter(5, 'Diagnostic Strategy');
    long.sections[0]!.content = 'word '.repeat(1600);
    expect(checkStudyGuide(category, [...topical, long])).toContainEqual(expect.stringContaining('keep it short'));
  });
  it('does not count the strategy chapter as covering an area', () => {
    const guide = [
      chapter(1, 'Disc Brakes'),
      chapter(2, 'Disc Service'),
      chapter(3, 'Disc Rotors'),
      chapter(4, 'Disc Pads'),
      chapter(5, 'Diagnostic Strategy', ['Drum noise', 'Two', 'Three']),
    ];
    expect(checkStudyGuide(category, guide)).toEqual([expect.stringContaining('covers "Drum"')]);
  });
});

describe('checkStudyLinks', () => {
  const chapter = (number: number, title: string, sections: string[]) => ({
    number,
    title,
    description: 'About it.',
    sections: sections.map((t, i) => ({ number: i + 1, title: t, content: 'Text.' })),
  });
  it("passes when every question's area has a section to link", () => {
    const guide = [chapter(1, 'Disc Brakes', ['Pads']), chapter(2, 'Drum Brakes', ['Shoes'])];
    expect(checkStudyLinks(category, bank(4), guide)).toEqual([]);
  });
  it('names an area whose questions would get no link, once, with its questions', () => {
    const guide = [chapter(1, 'Disc Brakes', ['Pads']), chapter(2, 'Hydraulics', ['Bleeding'])];
    expect(checkStudyLinks(category, bank(4), guide)).toEqual([
      'A5 guide: no section to link for "Drum" (2 questions, e.g. a5-0002, a5-0004)',
    ]);
  });
});

describe('checkItems', () => {
  it('flags duplicate ids, duplicate stems and "all of the above"', () => {
    const [a, b] = firstN(bank(2), 2);
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
