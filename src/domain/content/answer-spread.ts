import { isTwoTechnician } from './cues';
import { LETTERS, type Letter } from './letters';
import type { QuestionItem } from './schemas';

/**
 * Where the keys fall among answers that look alike, so a test-wise candidate gains nothing from the
 * pattern: the four fixed answers of two-technician items, and items whose options are four numbers
 * (where "never the highest or the lowest" is a known trick). A blind review of 2026-12 found "A only"
 * keyed in 49 % of one category's two-technician items and a middle value keyed in 76 % of numeric items.
 */
export const ANSWER_SPREAD_RULES = {
  /** Each two-technician answer keys between these shares of a category's two-technician items. */
  twoTechnicianKeyMin: 0.15,
  twoTechnicianKeyMax: 0.35,
  /** A middle value keys at most this share of a category's numeric items (chance is one half)… */
  numericMiddleMax: 0.6,
  /** …once the category has this many (below it, one item moves the share by 20 points). */
  numericMinItems: 5,
} as const;

/** A two-technician item's four answers, in this order, in every item. */
export const TWO_TECHNICIAN_OPTIONS = {
  en: ['Technician A only', 'Technician B only', 'Both A and B', 'Neither A nor B'],
  es: ['Solo el Técnico A', 'Solo el Técnico B', 'Tanto A como B', 'Ni A ni B'],
} as const;

const TWO_TECHNICIAN_KEYS: Record<Letter, string> = { A: 'A only', B: 'B only', C: 'Both', D: 'Neither' };

/** A two-technician item whose answers are not the fixed four (in English or in its Spanish). */
export function twoTechnicianOptionProblems(q: QuestionItem): string[] {
  if (!isTwoTechnician(q)) return [];
  const differs = (options: Record<Letter, string>, expected: readonly string[]) =>
    LETTERS.some((letter, i) => options[letter] !== expected[i]);
  const problems: string[] = [];
  if (differs(q.options, TWO_TECHNICIAN_OPTIONS.en))
    problems.push(`${q.id}: two-technician answers must read "${TWO_TECHNICIAN_OPTIONS.en.join('" / "')}"`);
  if (q.es && differs(q.es.options, TWO_TECHNICIAN_OPTIONS.es))
    problems.push(`${q.id}: the Spanish two-technician answers must read "${TWO_TECHNICIAN_OPTIONS.es.join('" / "')}"`);
  return problems;
}

/** The number an option starts with ("12.6 volts", "1,500 rpm", "-40 °F"), or null. */
export function leadingNumber(option: string): number | null {
  const match = /^\s*(-?(?:\d[\d,]*)?\.?\d+)/.exec(option);
  if (!match) return null;
  const value = Number(match[1]!.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

/** Whether the key of an item whose four options are four different numbers is one of the two middle ones. */
export function keyIsMiddleValue(q: QuestionItem): boolean | null {
  const values = LETTERS.map((letter) => ({ letter, value: leadingNumber(q.options[letter]) }));
  if (values.some((v) => v.value === null)) return null;
  if (new Set(values.map((v) => v.value)).size < LETTERS.length) return null;
  const rank = values.sort((a, b) => (a.value as number) - (b.value as number)).findIndex((v) => v.letter === q.answer);
  return rank === 1 || rank === 2;
}

export interface AnswerSpread {
  twoTechnician: { items: number; keys: Record<Letter, number>; techATrue: number };
  numeric: { items: number; middle: number };
}

export function answerSpread(items: readonly QuestionItem[]): AnswerSpread {
  const keys: Record<Letter, number> = { A: 0, B: 0, C: 0, D: 0 };
  let twoTech = 0;
  let numeric = 0;
  let middle = 0;
  for (const q of items) {
    if (isTwoTechnician(q)) {
      twoTech += 1;
      keys[q.answer] += 1;
      continue;
    }
    const isMiddle = keyIsMiddleValue(q);
    if (isMiddle === null) continue;
    numeric += 1;
    if (isMiddle) middle += 1;
  }
  return { twoTechnician: { items: twoTech, keys, techATrue: keys.A + keys.C }, numeric: { items: numeric, middle } };
}

/** A category's spread of keys among two-technician answers and among numeric options. */
export function checkAnswerSpread(code: string, items: readonly QuestionItem[]): string[] {
  const problems = items.flatMap(twoTechnicianOptionProblems);
  const { twoTechnician, numeric } = answerSpread(items);
  const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1)}%`;
  const { twoTechnicianKeyMin: min, twoTechnicianKeyMax: max } = ANSWER_SPREAD_RULES;
  if (twoTechnician.items > 0)
    for (const letter of LETTERS) {
      const share = twoTechnician.keys[letter] / twoTechnician.items;
      if (share < min || share > max)
        problems.push(
          `${code}: "${TWO_TECHNICIAN_KEYS[letter]}" keys ${pct(twoTechnician.keys[letter], twoTechnician.items)} of ` +
            `two-technician items (need ${100 * min}–${100 * max}%)`,
        );
    }
  if (
    numeric.items >= ANSWER_SPREAD_RULES.numericMinItems &&
    numeric.middle / numeric.items > ANSWER_SPREAD_RULES.numericMiddleMax
  )
    problems.push(
      `${code}: a middle value keys ${numeric.middle} of ${numeric.items} numeric items (${pct(numeric.middle, numeric.items)}; ` +
        `at most ${100 * ANSWER_SPREAD_RULES.numericMiddleMax}%)`,
    );
  return problems;
}
