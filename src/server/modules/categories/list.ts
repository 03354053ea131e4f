import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aseCategories } from '../../db/schema';

/** The eight ASE categories, ordered by code: GET /api/v1/categories, and the technician dashboard's HTML. */
export async function listCategories(db: Database) {
  const rows = await db
    .select({
      id: aseCategories.id,
      code: aseCategories.code,
      name: aseCategories.name,
      description: aseCategories.description,
      simulation: aseCategories.simulation,
    })
    .from(aseCategories)
    .orderBy(asc(aseCategories.code));
  return { categories: rows };
}
