import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoriesResponseSchema } from '../../../domain/contracts/categories';
import { listCategories } from './list';

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
    async () => listCategories(app.db),
  );
}
