import { parseSectionContent } from './study-guide';

/** A term a study guide defines in bold ("- **Term**: definition"), where it is defined (glossary). */
export interface GlossaryEntry {
  term: string;
  definition: string;
  chapter: number;
  section: number;
}

/**
 * The guide's glossary: every bold definition, first definition of a term wins. Only terms a reader can
 * recognise as terms are kept — two words or more, or one with a capital inside or a digit ("DOT 4", "ABS")
 * — so everyday words a definition list happens to use ("Color") are not marked all over the guide.
 */
export function glossaryOf(
  chapters: readonly { number: number; sections: readonly { number: number; content: string }[] }[],
): GlossaryEntry[] {
  const entries = new Map<string, GlossaryEntry>();
  for (const chapter of chapters) {
    for (const section of chapter.sections) {
      for (const block of parseSectionContent(section.content)) {
        if (block.kind !== 'definitions') continue;
        for (const { term, definition } of block.items) {
          const key = term.toLowerCase();
          if (!entries.has(key) && isTerm(term)) {
            entries.set(key, { term, definition, chapter: chapter.number, section: section.number });
          }
        }
      }
    }
  }
  return [...entries.values()];
}

function isTerm(term: string): boolean {
  const plain = withoutAside(term);
  if (plain.length < 3) return false;
  return /\s/.test(plain) || /\d/.test(plain) || /^.\p{Lu}|\p{L}\p{Lu}/u.test(plain);
}

/** "Compensating (vent) port" is written "compensating port" in running text. */
function withoutAside(term: string): string {
  return term
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One expression that finds any of the entries' terms as whole words, longest first. */
export function termMatcher(entries: readonly GlossaryEntry[]): {
  pattern: RegExp;
  entryOf: (match: string) => GlossaryEntry | undefined;
} {
  const byText = new Map<string, GlossaryEntry>();
  for (const entry of entries) {
    for (const text of new Set([entry.term, withoutAside(entry.term)])) byText.set(text.toLowerCase(), entry);
  }
  const alternatives = [...byText.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern =
    alternatives.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu')
      : /(?!)/gu;
  return { pattern, entryOf: (match) => byText.get(match.toLowerCase()) };
}

/**
 * Splits running text into plain parts and glossary terms. Each term is marked once per `seen` (one
 * section), and never inside its own definition (`except`).
 */
export function markTerms(
  text: string,
  matcher: ReturnType<typeof termMatcher>,
  seen: Set<GlossaryEntry>,
  except?: GlossaryEntry,
): { text: string; entry?: GlossaryEntry }[] {
  const parts: { text: string; entry?: GlossaryEntry }[] = [];
  let last = 0;
  // matchAll iterates a copy of the expression, so the shared one keeps no state between calls.
  for (const match of text.matchAll(matcher.pattern)) {
    const entry = matcher.entryOf(match[0]);
    const start = match.index ?? 0;
    if (!entry || entry === except || seen.has(entry)) continue;
    seen.add(entry);
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: match[0], entry });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
