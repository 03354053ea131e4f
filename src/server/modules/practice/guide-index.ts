import { sql } from 'drizzle-orm';
import { type AreaKeywords, type ChapterTitles, chapterForArea } from '../../../domain/study-areas';
import type { Executor } from '../../db/client';
import { columnOf, jsonObject, jsonText, orNull, type SqlType, typedQuery } from '../../db/prepared';
import { aseCategories, studyChapters, studySections } from '../../db/schema';

/**
 * A category's content areas (with their keywords) and its study guide's chapter and section titles; each
 * chapter and section with its Spanish title where translated (ADR 0024), for the results' "Read: <chapter>"
 * and each reviewed question's "Read <section>".
 */
export interface GuideIndex {
  categoryId: string;
  areas: AreaKeywords[];
  chapters: GuideChapter[];
  /**
   * Each area's chapter to read (`chapterForArea`), ranked once when the index is read: the results ask it for
   * every question of every submit, and ranking the titles each time was a third of the submit's CPU.
   */
  chapterOfArea: ReadonlyMap<string, GuideChapter | null>;
}

type GuideChapter = ChapterTitles & { title: string; es: { title: string } | null; sections: GuideSection[] };

/** A section by number, with its Spanish title where translated: what a reviewed question links to. */
export interface GuideSection {
  number: number;
  title: string;
  es: { title: string } | null;
}

/**
 * Content changes only when `content/` is seeded (a deploy), and every submit and every read of results
 * needs this index: each database handle keeps what it read for a few minutes. It is content, never a
 * user's state, and the same on every instance.
 */
const CACHE_MS = 5 * 60_000;
const cache = new WeakMap<object, Map<string, { index: GuideIndex; until: number }>>();

/**
 * The guide index of the given categories (by code): which chapter covers which area is decided from
 * these titles by the domain rule (`study-areas.ts`). Read in one query for the codes not cached.
 */
export async function loadGuideIndex(
  db: Executor,
  codes: readonly string[],
  now = Date.now(),
): Promise<Map<string, GuideIndex>> {
  const cached = cache.get(db) ?? new Map<string, { index: GuideIndex; until: number }>();
  cache.set(db, cached);
  const index = new Map<string, GuideIndex>();
  const missing: string[] = [];
  for (const code of codes) {
    const hit = cached.get(code);
    if (hit && hit.until > now) index.set(code, hit.index);
    else missing.push(code);
  }
  if (missing.length === 0) return index;
  for (const [code, guide] of await readGuideIndex(db, missing)) {
    index.set(code, guide);
    cached.set(code, { index: guide, until: now + CACHE_MS });
  }
  return index;
}

async function readGuideIndex(db: Executor, codes: readonly string[]): Promise<Map<string, GuideIndex>> {
  const index = new Map<string, GuideIndex & { chapterOfArea: Map<string, GuideChapter | null> }>();
  const section = jsonObject({
    number: columnOf('s', studySections.sectionNumber),
    title: columnOf('s', studySections.title),
    es: jsonText('s', studySections.es, 'title'),
  });
  const rows = await typedQuery(
    db,
    {
      category_id: columnOf('c', aseCategories.id),
      code: columnOf('c', aseCategories.code),
      content_areas: columnOf('c', aseCategories.contentAreas),
      chapter_number: orNull(columnOf('ch', studyChapters.chapterNumber)),
      chapter_title: orNull(columnOf('ch', studyChapters.title)),
      chapter_title_es: jsonText('ch', studyChapters.es, 'title'),
      sections: sql<SqlType<typeof section>[] | null>`(select jsonb_agg(${section}
        order by s.section_number) from study_sections s where s.chapter_id = ch.id)`,
    },
    (columns) => sql`
    select ${columns}
    from ase_categories c
    left join study_chapters ch on ch.category_id = c.id
    where c.code in (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )})
    order by c.code, ch.chapter_number`,
  );
  for (const row of rows) {
    let guide = index.get(row.code);
    if (!guide) {
      guide = {
        categoryId: row.category_id,
        areas: row.content_areas.map((a) => ({ name: a.name, keywords: a.keywords ?? [] })),
        chapters: [],
        chapterOfArea: new Map<string, GuideChapter | null>(),
      };
      index.set(row.code, guide);
    }
    if (row.chapter_number !== null && row.chapter_title !== null) {
      guide.chapters.push({
        number: row.chapter_number,
        title: row.chapter_title,
        es: row.chapter_title_es ? { title: row.chapter_title_es } : null,
        sections: (row.sections ?? []).map((s) => ({
          number: s.number,
          title: s.title,
          es: s.es ? { title: s.es } : null,
        })),
      });
    }
  }
  for (const guide of index.values()) {
    for (const area of guide.areas) {
      const number = chapterForArea(guide.chapters, guide.areas, area.name);
      guide.chapterOfArea.set(area.name, guide.chapters.find((c) => c.number === number) ?? null);
    }
  }
  return index;
}
