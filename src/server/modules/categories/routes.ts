import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoriesResponseSchema } from '../../../domain/contracts/categories';
import { aseCategories } from '../../db/schema';

export async function categoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/categories',
    {
      schema: {
        tags: ['content'],
        summary: 'The eight ASE categories, ordered by code',
        response: { 200: categoriesResponseSchema },
      },
    },
    async () => {
      const rows = await app.db
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
    },
  );
}
