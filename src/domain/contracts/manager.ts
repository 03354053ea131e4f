import { z } from 'zod';

export const managerOverviewSchema = z.object({
  shop: z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['independent', 'dealership']),
    shopCode: z.string(),
  }),
  technicians: z.number().int(),
  pendingApprovals: z.number().int(),
});
export type ManagerOverview = z.infer<typeof managerOverviewSchema>;
