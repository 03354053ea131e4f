import { LETTERS } from './letters';
import type { QuestionItem } from './schemas';

/** An item whose answer can be picked from its wording alone, with the rule that caught it and why. */
export interface CueFlag {
  id: string;
  rule: 'stem-word' | 'hedge' | 'absolute' | 'by-the-book' | 'length' | 'grammar' | 'qualified';
  reason: string;
}

/** Thresholds of the cue check: under 5% of a category's items may be flagged. */
export const CUE_RULES = {
  maxFlaggedShare: 0.05,
  /** A word in at least this share of a category's stems is common to it ("brake" in A5), not distinctive. */
  commonWordShare: 0.08,
  /** The key is the odd one out in length when longer than all others and this many times their mean. */
  lengthRatio: 1.5,
  /** …and at least this many characters longer than the mean, so short options ("DOT 5") are not measured. */
  lengthMinGap: 15,
  hedges: ['may', 'might', 'can', 'could', 'usually', 'often', 'sometimes', 'some', 'generally', 'typically'],
  absolutes: ['always', 'never', 'only', 'all', 'must', 'every', 'none', 'cannot'],
} as const;

/**
 * Marks of a qualified answer a test-wise reader picks when only one option carries one (a blind review found them): a
 * two-way hedge ("a leaking seal or a worn bore"), a bracketed aside, a closing full stop.
 */
const QUALIFIERS: { name: string; test: (option: string) => boolean }[] = [
  { name: '"or"', test: (option) => /\bor\b/i.test(option) },
  { name: 'a bracketed aside', test: (option) => /\(/.test(option) },
  { name: 'a closing full stop', test: (option) => /[a-z)]\.$/i.test(option.trim()) },
];

/** "Follow the book" wording, which a test-wise reader picks when only one option has it. */
const BY_THE_BOOK = /\b(specified|specifications?|spec|service information|manufacturer|maker|as required)\b/i;

const STOP_WORDS = new Set(
  (
    'a an the and or nor of to in on at by for with from into onto than then there here is are was were be been being ' +
    'it its this that these those as which what who whom whose when where why how not no yes if but so do does did ' +
    'has have had can may will would should could must shall might about after before during while until over under ' +
    'between through per each both either neither one two three four any all some most more less also only very just ' +
    'such same other another up down out off again they them their he she his her you your we our i me my ' +
    // Generic words of any diagnosis question: echoing them tells a reader nothing.
    'high higher low lower upper side left right front rear hot cold warm new old first next last normal open ' +
    'closed line part point check test cause likely vehicle car truck system condition problem fault customer ' +
    'complaint technician correct specification spec reading read show found set start end close level fully ' +
    'install remove replace use make time area type work run'
  ).split(' '),
);

/**
 * Words of a text by their rough stem ("leaking", "leaks" → "leak"), each with the first spelling seen;
 * numbers and stop words dropped.
 */
function contentWords(textValue: string): Map<string, string> {
  const words = new Map<string, string>();
  for (const word of textValue.toLowerCase().split(/[^a-z0-9]+/)) {
    if (word.length < 3 || /^\d/.test(word)) continue;
    const stem = stemWord(word);
    if (!STOP_WORDS.has(word) && !STOP_WORDS.has(stem) && !words.has(stem)) words.set(stem, word);
  }
  return words;
}

function stemWord(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es') && /(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function hasWord(textValue: string, words: readonly string[]): string | undefined {
  // "CAN" in capitals is the network, not a hedge.
  const lower = ` ${textValue
    .replace(/\bCAN\b/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9']+/g, ' ')} `;
  return words.find((w) => lower.includes(` ${w} `));
}

/** True for ASE's two-technician form, whose options are fixed and carry no cue. */
export function isTwoTechnician(q: QuestionItem): boolean {
  return /\bTechnician A\b/.test(q.question) && /\bTechnician B\b/.test(q.question);
}

const ING_NOUNS = new Set(
  (
    'bearing bushing housing timing wiring ring spring string lining coupling ceiling fitting mounting casting ' +
    'setting reading rating building thing during nothing something everything anything evening morning ' +
    'warning lighting heating cooling steering braking charging starting'
  ).split(' '),
);

const NOUN_PHRASE = 'a noun phrase';

/** The grammatical form an option starts with; a noun phrase when no simpler rule applies. */
function openingForm(option: string): string {
  const first = option.trim().toLowerCase().split(/\s+/)[0] ?? '';
  if (/^[\d$±~<>≈.-]/.test(first)) return 'a number';
  if (first === 'to') return '"to" + verb';
  if (first === 'no' || first === 'not') return 'a negation';
  if (first.length > 4 && first.endsWith('ing') && !ING_NOUNS.has(first)) return 'an -ing verb';
  return NOUN_PHRASE;
}

function startsWithVowelSound(option: string): boolean {
  return /^[aeiou]/i.test(option.trim()) && !/^(uni|use|usu|eu|one)/i.test(option.trim());
}

/**
 * Flags items whose answer can be picked without knowledge, for one category's items:
 * (a) stem-word: the key is the only option repeating a distinctive stem word;
 * (b) hedge/absolute: the key is the only hedged option, or the only one not absolute (absolutes read as
 *     wrong, so a lone absolute option, key or distractor, steers a guesser away from one option only);
 *     by-the-book: the key alone appeals to the specification, the maker or service information;
 * (c) length: the key is longer than all others, > 1.5× their mean and 15+ characters more; grammar: the
 *     three others open with one marked form (a number, an -ing verb, "to" + verb, a negation) and the key
 *     does not, or the key alone agrees with a stem ending in "a"/"an".
 * Two-technician items are skipped: their options are fixed. Words common to the category are counted over
 * `vocabulary` (the items themselves by default; the category's practice bank for its Master Challenge items).
 */
export function checkCues(items: QuestionItem[], vocabulary: QuestionItem[] = items): CueFlag[] {
  const stemWords = new Map(items.map((q) => [q.id, contentWords(q.question)]));
  const frequency = new Map<string, number>();
  for (const q of vocabulary) {
    for (const w of contentWords(q.question).keys()) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  }
  const commonAt = Math.max(3, CUE_RULES.commonWordShare * vocabulary.length);

  const flags: CueFlag[] = [];
  for (const q of items) {
    if (isTwoTechnician(q)) continue;
    const wrong = LETTERS.filter((l) => l !== q.answer);
    const key = q.options[q.answer];
    const flag = (rule: CueFlag['rule'], reason: string) => flags.push({ id: q.id, rule, reason });

    const stem = stemWords.get(q.id) ?? new Map<string, string>();
    const distinctive = [...stem.keys()].filter((w) => (frequency.get(w) ?? 0) < commonAt);
    const echoes = (option: string) => {
      const words = contentWords(option);
      return distinctive.filter((w) => words.has(w));
    };
    const keyEchoes = echoes(key);
    if (keyEchoes.length > 0 && wrong.every((l) => echoes(q.options[l]).length === 0)) {
      flag('stem-word', `only the key repeats the stem's "${keyEchoes.map((w) => stem.get(w)).join('", "')}"`);
    }

    const hedge = hasWord(key, CUE_RULES.hedges);
    if (hedge && wrong.every((l) => !hasWord(q.options[l], CUE_RULES.hedges))) {
      flag('hedge', `only the key is hedged ("${hedge}")`);
    }
    // Absolutes mark wrong options to a test-wise reader: a lone absolute (key or not) only steers away
    // from one option; three absolute distractors leave the key as the only safe choice.
    const wrongAbsolutes = wrong.filter((l) => hasWord(q.options[l], CUE_RULES.absolutes));
    if (!hasWord(key, CUE_RULES.absolutes) && wrongAbsolutes.length === wrong.length) {
      flag('absolute', 'every option but the key is absolute (always/never/only…)');
    }

    for (const qualifier of QUALIFIERS) {
      if (qualifier.test(key) && wrong.every((l) => !qualifier.test(q.options[l])))
        flag('qualified', `only the key has ${qualifier.name}`);
    }

    const book = BY_THE_BOOK.exec(key)?.[0];
    if (book && wrong.every((l) => !BY_THE_BOOK.test(q.options[l]))) {
      flag('by-the-book', `only the key appeals to the book ("${book}")`);
    }

    const others = wrong.map((l) => q.options[l].length);
    const mean = others.reduce((sum, n) => sum + n, 0) / others.length;
    if (
      others.every((n) => n < key.length) &&
      key.length > CUE_RULES.lengthRatio * mean &&
      key.length - mean >= CUE_RULES.lengthMinGap
    ) {
      flag('length', `the key has ${key.length} characters, the others ${Math.round(mean)} on average`);
    }

    const forms = wrong.map((l) => openingForm(q.options[l]));
    const keyForm = openingForm(key);
    // Only a marked form (number, -ing, "to", negation) shared by all three distractors sets a pattern the
    // key can break; a gerund key among noun phrases ("Cupping", "Overheating") reads as a noun.
    if (forms[0] !== NOUN_PHRASE && forms.every((f) => f === forms[0]) && keyForm !== forms[0]) {
      flag('grammar', `the key starts with ${keyForm}, the others with ${forms[0]}`);
    }
    const article = /\b(a|an)\s*[:?…]*\s*$/i.exec(q.question)?.[1]?.toLowerCase();
    if (article) {
      const agrees = (option: string) => startsWithVowelSound(option) === (article === 'an');
      if (agrees(key) && wrong.every((l) => !agrees(q.options[l]))) {
        flag('grammar', `the stem ends in "${article}" and only the key agrees with it`);
      }
    }
  }
  return flags;
}
