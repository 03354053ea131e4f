import { describe, expect, it } from 'vitest';
import { checkFormats, formatProblems, nearDuplicates } from './formats';
import type { QuestionItem } from './schemas';

let next = 0;
function item(
  question: string,
  format: QuestionItem['format'],
  options?: Partial<QuestionItem['options']>,
): QuestionItem {
  next += 1;
  return {
    id: `a5-${String(next).padStart(4, '0')}`,
    category: 'A5',
    area: 'Disc Brakes',
    difficulty: 'medium',
    format,
    question,
    options: { A: `alpha ${next}`, B: `bravo ${next}`, C: `charlie ${next}`, D: `delta ${next}`, ...options },
    answer: 'A',
    explanation: 'e',
    whyWrong: { B: 'w', C: 'w', D: 'w' },
  };
}

const twoTech = (i: number) =>
  item(`Technician A says pads ${i} glaze. Technician B says rotors ${i} warp. Who is correct?`, 'two-technician');
const negative = (i: number) => item(`All of these could cause pull ${i} EXCEPT:`, 'negative');
const direct = (i: number) => item(`Which part meters pressure ${i}?`, 'direct');

describe('formatProblems', () => {
  it('holds each tag to its stem', () => {
    expect(formatProblems(twoTech(1))).toEqual([]);
    expect(formatProblems(negative(1))).toEqual([]);
    expect(formatProblems(item('Which of these could cause a pull except a worn pad?', 'negative'))[0]).toContain(
      'EXCEPT, LEAST or NOT in capitals',
    );
    expect(formatProblems(item('All of these could cause a pull EXCEPT:', 'direct'))[0]).toContain('tagged direct');
    expect(formatProblems(item('Technician A says one. Technician B says two. Who?', 'direct'))[0]).toContain(
      'two-technician stem is tagged direct',
    );
    expect(formatProblems(item('Which part meters pressure?', 'two-technician'))[0]).toContain('Technician B says');
  });

  it('needs the Spanish negative word in capitals too', () => {
    const q = negative(2);
    const es = {
      question: 'Todas estas podrían causar el tirón excepto:',
      options: q.options,
      explanation: 'e',
      whyWrong: q.whyWrong,
    };
    expect(formatProblems({ ...q, es })).toEqual([
      `${q.id}: the Spanish negative needs its EXCEPTO, MENOS or NO in capitals`,
    ]);
    expect(formatProblems({ ...q, es: { ...es, question: 'Todas estas podrían causar el tirón EXCEPTO:' } })).toEqual(
      [],
    );
  });
});

describe('checkFormats', () => {
  const bank = (twoTechs: number, negatives: number) => [
    ...Array.from({ length: twoTechs }, (_, i) => twoTech(i)),
    ...Array.from({ length: negatives }, (_, i) => negative(i)),
    ...Array.from({ length: 100 - twoTechs - negatives }, (_, i) => direct(i)),
  ];
  it('passes 15 % two-technician and 8 % negative, and fails just under either', () => {
    expect(checkFormats('A5', bank(15, 8))).toEqual([]);
    expect(checkFormats('A5', bank(14, 8))).toEqual(['A5: two-technician items are 14.0% (need 15–22%)']);
    expect(checkFormats('A5', bank(15, 7))).toEqual(['A5: negative items are 7.0% (need at least 8%)']);
    expect(checkFormats('A5', bank(23, 8))).toEqual(['A5: two-technician items are 23.0% (need 15–22%)']);
  });
});

describe('nearDuplicates', () => {
  it('finds one template with the numbers changed, not two items on different points', () => {
    const a = item(
      'A simple planetary set has a 30-tooth sun and a 70-tooth ring; the ring is held. What is the ratio?',
      'direct',
      {
        A: '1.43:1',
        B: '2.33:1',
        C: '0.70:1',
        D: '3.33:1',
      },
    );
    const b = item(
      'A simple planetary set has a 30-tooth sun and a 70-tooth ring; the sun is held. What is the ratio?',
      'direct',
      {
        A: '3.33:1',
        B: '1.43:1',
        C: '0.70:1',
        D: '2.33:1',
      },
    );
    const c = item(
      'Brake fluid that has been in service for years boils at a lower temperature because it has:',
      'completion',
    );
    expect(nearDuplicates([a, b, c]).map((d) => d.ids)).toEqual([[a.id, b.id]]);
  });

  it('compares two-technician items by their stems alone (their options are the same four)', () => {
    const options = { A: 'A only', B: 'B only', C: 'Both A and B', D: 'Neither A nor B' };
    const x = item(
      'Technician A says coil springs are replaced in pairs. Technician B says they may be heated.',
      'two-technician',
      options,
    );
    const y = item(
      'Technician A says a master cylinder is bench bled. Technician B says the booster is tested first.',
      'two-technician',
      options,
    );
    expect(nearDuplicates([x, y])).toEqual([]);
  });
});
