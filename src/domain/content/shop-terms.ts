import { z } from 'zod';

/**
 * The glossary of shop terms: each English technical term has one Spanish rendering, the
 * word a Spanish-speaking technician in a US shop says, used across every bank and guide. `content/es/glossary.json`.
 */
const phrase = z.string().trim().min(1);

export const shopTermSchema = z
  .object({
    /** The English term and its synonyms, as the English items write them (singular; a plural "s"/"es" also matches). */
    en: z.array(phrase).min(1),
    /** The one Spanish rendering. */
    es: phrase,
    /** Other inflections of the same rendering that count as it ("pastilla" for "pastillas"); a plural "s"/"es" always does. */
    forms: z.array(phrase).optional(),
    /** The term shops also say, shown in parentheses at first use in a guide section and on hover/tap in questions. */
    alsoSaid: phrase.optional(),
    /** Known wrong or rival renderings that must not be used. */
    avoid: z.array(phrase).optional(),
    /** Why the rendering or an avoided one, for translators. */
    note: phrase.optional(),
  })
  .strict();
export type ShopTerm = z.infer<typeof shopTermSchema>;

export const shopTermsFileSchema = z.array(shopTermSchema).superRefine((terms, ctx) => {
  const owner = new Map<string, string>();
  const rendering = new Map<string, string>();
  for (const term of terms) {
    for (const form of [term.es, ...(term.forms ?? [])]) rendering.set(normalise(form), term.es);
  }
  terms.forEach((term, index) => {
    for (const en of term.en) {
      const key = normalise(en);
      const previous = owner.get(key);
      if (previous !== undefined) {
        ctx.addIssue({ code: 'custom', path: [index, 'en'], message: `"${en}" is already rendered "${previous}"` });
      }
      owner.set(key, term.es);
    }
    for (const avoided of term.avoid ?? []) {
      const used = rendering.get(normalise(avoided));
      if (used !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'avoid'],
          message: `"${avoided}" is to be avoided but is the rendering of "${used}"`,
        });
      }
    }
  });
});

/** One piece of content in both languages: an item field or a guide section. */
export interface TranslatedText {
  /** Where it is, for the report: "a5-0017 explanation", "es/a5.md 2.3". */
  where: string;
  english: string;
  spanish: string;
}

function normalise(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase as a whole word or words, with an optional plural ending, ignoring case. */
function phraseRegex(phrases: readonly string[]): RegExp {
  const alternatives = [...phrases]
    .map(normalise)
    .sort((a, b) => b.length - a.length)
    .map((p) => escapeRegex(p).replace(/ /g, '[\\s-]+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * What breaks the glossary in the given texts: a Spanish text that uses an avoided rendering, or one whose
 * English uses a glossary term while the Spanish has none of that term's forms (the term rendered another way).
 * A longer English term wins over a shorter one inside it ("head gasket" is not also checked as "gasket").
 */
export function checkShopTerms(terms: readonly ShopTerm[], texts: readonly TranslatedText[]): string[] {
  const english = terms
    .flatMap((term) =>
      term.en.map((en) => ({
        term,
        en,
        // A cheap test first: most texts do not contain most terms.
        head: normalise(en).split(/[\s-]/)[0] ?? '',
        regex: new RegExp(phraseRegex([en]).source, 'giu'),
      })),
    )
    .sort((a, b) => b.en.length - a.en.length);
  const rendering = new Map(terms.map((term) => [term, phraseRegex([term.es, ...(term.forms ?? [])])]));
  const avoided = terms.flatMap((term) =>
    (term.avoid ?? []).map((phrase) => ({ term, phrase, regex: phraseRegex([phrase]) })),
  );
  const problems: string[] = [];
  for (const text of texts) {
    const spanish = normalise(text.spanish);
    // Longest English terms first; the span a longer one covers is blanked so a shorter one inside is not matched.
    let rest = normalise(text.english);
    const missing = new Set<ShopTerm>();
    for (const { term, head, regex } of english) {
      if (!rest.includes(head)) continue;
      regex.lastIndex = 0;
      if (!regex.test(rest)) continue;
      rest = rest.replace(regex, (match) => ' '.repeat(match.length));
      if (!rendering.get(term)?.test(spanish)) missing.add(term);
    }
    for (const term of missing) problems.push(`${text.where}: "${term.en[0]}" is not rendered "${term.es}"`);
    for (const { term, phrase, regex } of avoided) {
      if (regex.test(spanish)) problems.push(`${text.where}: "${phrase}" is avoided; say "${term.es}" (${term.en[0]})`);
    }
  }
  return problems;
}

/** The texts of translated items, one per item (all its fields), for `checkShopTerms`. */
export function itemTexts(
  items: readonly {
    id: string;
    question: string;
    options: Record<string, string>;
    explanation: string;
    whyWrong: Partial<Record<string, string>>;
    es?: {
      question: string;
      options: Record<string, string>;
      explanation: string;
      whyWrong: Partial<Record<string, string>>;
    } | null;
  }[],
): TranslatedText[] {
  const words = (item: {
    question: string;
    options: Record<string, string>;
    explanation: string;
    whyWrong: Partial<Record<string, string>>;
  }) => [item.question, ...Object.values(item.options), item.explanation, ...Object.values(item.whyWrong)].join('\n');
  return items.flatMap((item) => (item.es ? [{ where: item.id, english: words(item), spanish: words(item.es) }] : []));
}

/** The translated sections of a guide, one text per section, for `checkShopTerms`. */
export function guideTexts(guide: {
  code: string;
  chapters: readonly {
    number: number;
    sections: readonly { number: number; content: string; es: { content: string } | null }[];
  }[];
}): TranslatedText[] {
  return guide.chapters.flatMap((chapter) =>
    chapter.sections.flatMap((section) =>
      section.es
        ? [
            {
              where: `study-guides/es/${guide.code.toLowerCase()}.md ${chapter.number}.${section.number}`,
              english: section.content,
              spanish: section.es.content,
            },
          ]
        : [],
    ),
  );
}
