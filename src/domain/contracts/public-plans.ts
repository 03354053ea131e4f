import { z } from 'zod';
import { planSchema } from './billing';

/** A shop plan as anyone may see it (the public plans page): no database id, nothing about a shop. */
const publicPlanSchema = planSchema.omit({ id: true });

export const publicPlansResponseSchema = z.object({
  /** Active shop plans, cheapest first. */
  shopPlans: z.array(publicPlanSchema),
  /** The personal Adaptive Mastery subscription, per month. */
  adaptiveMasteryPriceCents: z.number().int(),
});
export type PublicPlansResponse = z.infer<typeof publicPlansResponseSchema>;
