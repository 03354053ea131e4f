import { describe, expect, it } from 'vitest';
import {
  answerSpread,
  checkAnswerSpread,
  keyIsMiddleValue,
  leadingNumber,
  TWO_TECHNICIAN_OPTIONS,
  twoTechnicianOptionProblems,
} from './answer-spread';
import type { Letter } from './letters';
import type { QuestionItem } from './schemas';

let next = 0;
function item(question: string, options: QuestionItem['options'], answer: Letter): QuestionItem {
  next += 1;
  const wrong = (['A', 'B', 'C', 'D'] as const).filter((l) => l !== answer);
  return {
    id: `a6-${String(next).padStart(4, '0')}`,
    category: 'A6',
    area: 'Battery',
    difficulty: 'medium',
    format: question.includes('Technician A') ? 'two-technician' : 'direct',
    question,
    options,
    answer,
    explanation: 'e',
    whyWrong: Object.fromEntries(wrong.map((l) => [l, 'w'])) as QuestionItem['whyWrong'],
  };
}

const [aOnly, bOnly, both, neither] = TWO_TECHNICIAN_OPTIONS.en;
const twoTech = (answer: Letter) =>
  item(
    `Technician A says the battery ${next} is weak. Technician B says the cable ${next} is loose. Who is correct?`,
    { A: aOnly, B: bOnly, C: both, D: neither },
    answer,
  );
const numeric = (values: [number, number, number, number], answer: Letter) =>
  item(
    `A fully charged battery ${next} rests at about:`,
    { A: `${values[0]} volts`, B: `${values[1]} volts`, C: `${values[2]} volts`, D: `${values[3]} volts` },
    answer,
  );
/** Two-technician items keyed by `keys`, one each. */
const twoTechs = (keys: Letter[]) => keys.map(twoTech);

describe('leadingNumber', () => {
  it('reads the number an option starts with: decimals, thousands, a sign', () => {
    expect(leadingNumber('12.6 volts')).toBe(12.6);
    expect(leadingNumber('1,500 rpm')).toBe(1500);
    expect(leadingNumber('-40 °F')).toBe(-40);
    expect(leadingNumber('.5 ohm')).toBe(0.5);
    expect(leadingNumber('About 12 volts')).toBeNull();
    expect(leadingNumber('Replace the battery')).toBeNull();
  });
});

describe('keyIsMiddleValue', () => {
  it('ranks the key among four different numbers', () => {
    expect(keyIsMiddleValue(numeric([12.6, 12.2, 11.8, 13.2], 'A'))).toBe(true);
    expect(keyIsMiddleValue(numeric([12.6, 12.2, 11.8, 13.2], 'B'))).toBe(true);
    expect(keyIsMiddleValue(numeric([12.6, 12.2, 11.8, 13.2], 'C'))).toBe(false);
    expect(keyIsMiddleValue(numeric([12.6, 12.2, 11.8, 13.2], 'D'))).toBe(false);
  });

  it('leaves out items whose options are not four different numbers', () => {
    expect(keyIsMiddleValue(numeric([12, 12, 11, 13], 'A'))).toBeNull();
    expect(keyIsMiddleValue(twoTech('A'))).toBeNull();
  });
});

describe('twoTechnicianOptionProblems', () => {
  it('holds every two-technician item to the four fixed answers, in both languages', () => {
    const q = twoTech('C');
    expect(twoTechnicianOptionProblems(q)).toEqual([]);
    expect(twoTechnicianOptionProblems({ ...q, options: { ...q.options, A: 'A only' } })[0]).toContain(
      'two-technician answers must read',
    );
    const [esA, esB, esBoth, esNeither] = TWO_TECHNICIAN_OPTIONS.es;
    const es = {
      question: 'q',
      options: { A: esA, B: esB, C: esBoth, D: esNeither },
      explanation: 'e',
      whyWrong: q.whyWrong,
    };
    expect(twoTechnicianOptionProblems({ ...q, es })).toEqual([]);
    expect(
      twoTechnicianOptionProblems({
        ...q,
        es: { ...es, options: { ...es.options, A: 'Solo A' } },
      }),
    ).toEqual([
      `${q.id}: the Spanish two-technician answers must read "Solo el Técnico A" / "Solo el Técnico B" / "Tanto A como B" / "Ni A ni B"`,
    ]);
  });

  it('says nothing of other items', () => {
    expect(twoTechnicianOptionProblems(numeric([1, 2, 3, 4], 'A'))).toEqual([]);
  });
});

describe('checkAnswerSpread', () => {
  it('passes two-technician keys between 15 and 35 % each, and fails one outside, by name', () => {
    // 20 items: 7 = 35 %, 3 = 15 %.
    const balanced = twoTechs([
      ...Array(7).fill('A'),
      ...Array(5).fill('B'),
      ...Array(5).fill('C'),
      ...Array(3).fill('D'),
    ]);
    expect(checkAnswerSpread('A6', balanced)).toEqual([]);
    const skewed = twoTechs([
      ...Array(8).fill('A'),
      ...Array(5).fill('B'),
      ...Array(5).fill('C'),
      ...Array(2).fill('D'),
    ]);
    expect(checkAnswerSpread('A6', skewed)).toEqual([
      'A6: "A only" keys 40.0% of two-technician items (need 15–35%)',
      'A6: "Neither" keys 10.0% of two-technician items (need 15–35%)',
    ]);
  });

  it('allows a middle value to key up to 60 % of numeric items, once there are five', () => {
    const middle = (n: number) => Array.from({ length: n }, () => numeric([1, 2, 3, 4], 'B'));
    const end = (n: number) => Array.from({ length: n }, () => numeric([1, 2, 3, 4], 'D'));
    expect(checkAnswerSpread('A6', [...middle(3), ...end(2)])).toEqual([]);
    expect(checkAnswerSpread('A6', [...middle(4), ...end(1)])).toEqual([
      'A6: a middle value keys 4 of 5 numeric items (80.0%; at most 60%)',
    ]);
    // Four items: too few to judge.
    expect(checkAnswerSpread('A6', middle(4))).toEqual([]);
  });

  it('counts what it judges', () => {
    expect(
      answerSpread([...twoTechs(['A', 'C', 'D']), numeric([1, 2, 3, 4], 'A'), numeric([1, 2, 3, 4], 'C')]),
    ).toEqual({
      twoTechnician: { items: 3, keys: { A: 1, B: 0, C: 1, D: 1 }, techATrue: 2 },
      numeric: { items: 2, middle: 1 },
    });
  });
});
