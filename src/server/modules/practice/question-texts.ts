import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnOf, typedQuery } from '../../db/prepared';
import { shownQuestionColumns } from '../../db/question-columns';
import { questions } from '../../db/schema';
import { questionOf, type SlotRow } from './session-rows';

/** A question's words in both languages, its key and explanations: what the results review shows of it. */
export type QuestionTexts = SlotRow['question'];

/**
 * A question row's version, read through `alias`: PostgreSQL's `xmin`, which every update of the row
 * (a content seed that changes the question) replaces.
 */
export const questionVersion = (alias: string) => sql<string>`${sql.identifier(alias)}.xmin::text`;

/**
 * The texts already read, per database handle, by question id with the version they were read at. The
 * bank is a few thousand questions and changes only with a content seed, so every instance soon holds it
 * all; a statement that reads a question's version beside its slot gets the words from here instead of
 * carrying them from the database on every submit (issue 33: they were most of the submit's bytes).
 */
const cache = new WeakMap<object, Map<string, { version: string; texts: QuestionTexts }>>();

/**
 * The texts of the given questions at the given versions: from the cache where the version matches, else
 * read in one statement (a question changed since, or never read by this handle). A question updated
 * between the caller's read and this one gets its newer words, never older ones.
 */
export async function questionTexts(
  db: Executor,
  wanted: readonly { id: string; version: string }[],
): Promise<Map<string, QuestionTexts>> {
  const cached = cache.get(db) ?? new Map<string, { version: string; texts: QuestionTexts }>();
  cache.set(db, cached);
  const found = new Map<string, QuestionTexts>();
  const missing = new Set<string>();
  for (const { id, version } of wanted) {
    const hit = cached.get(id);
    if (hit && hit.version === version) found.set(id, hit.texts);
    else missing.add(id);
  }
  if (missing.size === 0) return found;
  const rows = await typedQuery(
    db,
    {
      id: columnOf('q', questions.id),
      version: questionVersion('q'),
      ...shownQuestionColumns('q'),
      correct_answer: columnOf('q', questions.correctAnswer),
      explanation: columnOf('q', questions.explanation),
      why_wrong: columnOf('q', questions.whyWrong),
    },
    (columns) => sql`
    select ${columns} from questions q
    where q.id in (${sql.join(
      [...missing].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (const r of rows) {
    const texts = questionOf(r.id, r);
    cached.set(r.id, { version: r.version, texts });
    found.set(r.id, texts);
  }
  return found;
}
