import { isTwoTechnician } from './cues';
import { LETTERS } from './letters';
import type { QuestionItem } from './schemas';

/**
 * Question formats and near-duplicates. ASE's tests mix direct questions, most-likely-cause
 * diagnostics, two-technician items and negative items; a category's bank holds each at the share a
 * candidate meets it, and no two items in a category teach the same point with the same stem and options.
 */
export const FORMAT_RULES = {
  twoTechnicianMin: 0.15,
  twoTechnicianMax: 0.22,
  negativeMin: 0.08,
  /** Two items whose stems and options are this alike (0–1) teach the same point: see nearDuplicates. */
  nearDuplicateScore: 0.5,
} as const;

/** The word that makes a stem negative, in capitals as ASE prints it. */
const NEGATIVE_WORD = /\b(EXCEPT|LEAST|NOT)\b/;
/** The Spanish stem's: EXCEPTO, MENOS, NO. */
const NEGATIVE_WORD_SPANISH = /(?<![\p{L}])(EXCEPTO|MENOS|NO)(?![\p{L}])/u;

/** Whether an item's `format` agrees with its stem. */
export function formatProblems(q: QuestionItem): string[] {
  const problems: string[] = [];
  const twoTech = isTwoTechnician(q);
  if (q.format === 'two-technician' && !twoTech)
    problems.push(`${q.id}: format two-technician needs "Technician A says … Technician B says …"`);
  if (twoTech && q.format !== 'two-technician') problems.push(`${q.id}: a two-technician stem is tagged ${q.format}`);
  if (q.format === 'negative' && !NEGATIVE_WORD.test(q.question))
    problems.push(`${q.id}: a negative item needs its EXCEPT, LEAST or NOT in capitals`);
  if (q.format !== 'negative' && q.format !== 'two-technician' && NEGATIVE_WORD.test(q.question))
    problems.push(`${q.id}: a stem with a capitalised EXCEPT, LEAST or NOT is tagged ${q.format}, not negative`);
  if (q.format === 'negative' && q.es && !NEGATIVE_WORD_SPANISH.test(q.es.question))
    problems.push(`${q.id}: the Spanish negative needs its EXCEPTO, MENOS or NO in capitals`);
  return problems;
}

export interface FormatStats {
  counts: Record<QuestionItem['format'], number>;
  total: number;
}

export function formatStats(items: readonly QuestionItem[]): FormatStats {
  const counts = { direct: 0, 'most-likely': 0, 'two-technician': 0, negative: 0, completion: 0 };
  for (const q of items) counts[q.format] += 1;
  return { counts, total: items.length };
}

/** The format shares a category's practice bank must hold, and every item's format agreeing with its stem. */
export function checkFormats(code: string, items: readonly QuestionItem[]): string[] {
  const problems = items.flatMap(formatProblems);
  const { counts, total } = formatStats(items);
  if (total === 0) return problems;
  const share = (n: number) => `${((100 * n) / total).toFixed(1)}%`;
  const twoTech = counts['two-technician'] / total;
  if (twoTech < FORMAT_RULES.twoTechnicianMin || twoTech > FORMAT_RULES.twoTechnicianMax)
    problems.push(`${code}: two-technician items are ${share(counts['two-technician'])} (need 15–22%)`);
  if (counts.negative / total < FORMAT_RULES.negativeMin)
    problems.push(`${code}: negative items are ${share(counts.negative)} (need at least 8%)`);
  return problems;
}

const STOP_WORDS = new Set(
  (
    'a an the of to in on and or is are be with for at by from that this it its as which what when while if ' +
    'then than into should most likely technician says who correct only both neither'
  ).split(' '),
);

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .split(' ')
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w)),
  );
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

export interface NearDuplicate {
  ids: [string, string];
  score: number;
}

/**
 * Pairs of items in one list whose stems and options are nearly the same: 0.6 × the stems' word overlap +
 * 0.4 × the options' (the stems alone where the option sets are identical, as two-technician items' are).
 * Calibrated on the bank of 2026-12: the pairs at 0.5 and above are one template with the numbers changed.
 */
export function nearDuplicates(items: readonly QuestionItem[]): NearDuplicate[] {
  const prepared = items.map((q) => ({
    id: q.id,
    stem: words(q.question),
    options: words(LETTERS.map((l) => q.options[l]).join(' ')),
  }));
  const found: NearDuplicate[] = [];
  prepared.forEach((a, i) => {
    for (const b of prepared.slice(i + 1)) {
      const stem = jaccard(a.stem, b.stem);
      const options = jaccard(a.options, b.options);
      const score = options >= 0.99 ? stem : 0.6 * stem + 0.4 * options;
      if (score >= FORMAT_RULES.nearDuplicateScore) found.push({ ids: [a.id, b.id], score });
    }
  });
  return found;
}
