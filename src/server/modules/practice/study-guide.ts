import { asc, eq, inArray } from 'drizzle-orm';
import type { StudyGuide } from '../../../domain/contracts/practice';
import { chapterAreas } from '../../../domain/study-areas';
import type { Database } from '../../db/client';
import { aseCategories, studyChapters, studySections } from '../../db/schema';
import { notFound } from '../../errors';

export async function getStudyGuide(db: Database, code: string): Promise<StudyGuide> {
  const [category] = await db
    .select({
      id: aseCategories.id,
      code: aseCategories.code,
      name: aseCategories.name,
      contentAreas: aseCategories.contentAreas,
    })
    .from(aseCategories)
    .where(eq(aseCategories.code, code.toUpperCase()));
  if (!category) throw notFound('NOT_FOUND.studyGuide');
  const areas = category.contentAreas.map((a) => ({ name: a.name, keywords: a.keywords ?? [] }));
  const chapters = await db
    .select()
    .from(studyChapters)
    .where(eq(studyChapters.categoryId, category.id))
    .orderBy(asc(studyChapters.chapterNumber));
  const sections = chapters.length
    ? await db
        .select()
        .from(studySections)
        .where(
          inArray(
            studySections.chapterId,
            chapters.map((c) => c.id),
          ),
        )
        .orderBy(asc(studySections.sectionNumber))
    : [];
  return {
    category: { id: category.id, code: category.code, name: category.name },
    chapters: chapters.map((c) => {
      const own = sections
        .filter((s) => s.chapterId === c.id)
        .map((s) => ({ number: s.sectionNumber, title: s.title, content: s.content, es: s.es }));
      return {
        number: c.chapterNumber,
        title: c.title,
        description: c.description,
        areas: chapterAreas({ number: c.chapterNumber, title: c.title, sections: own }, areas),
        sections: own,
        es: c.es,
      };
    }),
  };
}
