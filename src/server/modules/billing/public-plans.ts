import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADAPTIVE_MASTERY_PRICE_CENTS } from '../../../domain/billing';
import { type PublicPlansResponse, publicPlansResponseSchema } from '../../../domain/contracts/public-plans';
import type { Database } from '../../db/client';
import { subscriptionPlans } from '../../db/schema';
import { toPlan } from './service';

/** Every active shop plan, cheapest first, and the personal subscription's price: what the plans page shows. */
export async function listPublicPlans(db: Database): Promise<PublicPlansResponse> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.active, true))
    .orderBy(asc(subscriptionPlans.priceMonthlyCents));
  return {
    shopPlans: rows.map((row) => {
      const { id: _id, ...plan } = toPlan(row);
      return plan;
    }),
    adaptiveMasteryPriceCents: ADAPTIVE_MASTERY_PRICE_CENTS,
  };
}

/** The public plans page's data (ADR 0028): no session needed, the same for everyone. */
export async function publicPlanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/plans',
    {
      schema: {
        tags: ['billing'],
        summary: 'The shop plans and the personal subscription price, for anyone',
        response: { 200: publicPlansResponseSchema },
      },
    },
    async () => listPublicPlans(app.db),
  );
}
