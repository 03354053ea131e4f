import { z } from 'zod';
import { isCalendarDate } from '../calendar-day';
import { SHOP_TYPES } from '../constants';
import { sessionOriginSchema } from './session-origin';

export const NOTES_MAX = 500;

const shopSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(SHOP_TYPES),
  shopCode: z.string(),
});

/** Dashboard stats: Technicians, Total Tests, Completed Tests, Pending Approvals. */
export const managerOverviewSchema = z.object({
  shop: shopSchema,
  technicians: z.number().int(),
  maxTechnicians: z.number().int(),
  totalTests: z.number().int(),
  completedTests: z.number().int(),
  pendingApprovals: z.number().int(),
});
export type ManagerOverview = z.infer<typeof managerOverviewSchema>;

const personSchema = z.object({ id: z.string(), fullName: z.string() });
const categoryRefSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const technicianProgressSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** Completed tests. */
  testsTaken: z.number().int(),
  averageScore: z.number().int().nullable(),
  passRate: z.number().int().nullable(),
  lastActivityAt: z.string().nullable(),
  /** A1–A8 in order: the best of the latest scores in each, null before the first test there. */
  categoryBest: z.array(z.number().int().nullable()).length(8),
});
export type TechnicianProgress = z.infer<typeof technicianProgressSchema>;

export const technicianProgressResponseSchema = z.object({ technicians: z.array(technicianProgressSchema) });
export type TechnicianProgressResponse = z.infer<typeof technicianProgressResponseSchema>;

export const ASSIGNMENT_DISPLAY_STATUSES = [
  'Not Started',
  'In Progress',
  'Not Passed Yet',
  'Completed',
  'Overdue',
] as const;

export const assignmentRowSchema = z.object({
  id: z.string(),
  technician: personSchema,
  category: z.object({ code: z.string(), name: z.string() }),
  dueDate: z.string(),
  notes: z.string().nullable(),
  status: z.enum(ASSIGNMENT_DISPLAY_STATUSES),
  dueSoon: z.boolean(),
  completedAt: z.string().nullable(),
  /** Attempts submitted, passed or not, and the latest one's score (null before the first). */
  attempts: z.number().int(),
  lastScore: z.number().int().nullable(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

/** Test Assignments come a page at a time: open ones by due date, then completed ones, newest first. */
export const ASSIGNMENTS_PAGE_SIZE = 25;
export const ASSIGNMENTS_PAGE_MAX = 100;
export const assignmentsQuerySchema = z.object({
  /** Rows in the page, 1–100 (25 when absent). */
  limit: z.coerce
    .number({ message: 'messages.manager.pageLimit' })
    .int('messages.manager.pageLimit')
    .min(1, 'messages.manager.pageLimit')
    .max(ASSIGNMENTS_PAGE_MAX, 'messages.manager.pageLimit')
    .default(ASSIGNMENTS_PAGE_SIZE),
  /** The `nextCursor` of the previous page; absent for the first page. */
  cursor: z.string().max(100, 'messages.manager.pageCursor').optional(),
});
export const assignmentsResponseSchema = z.object({
  assignments: z.array(assignmentRowSchema),
  /** Where the next page starts (pass it as `cursor`), or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AssignmentsResponse = z.infer<typeof assignmentsResponseSchema>;

/** Assign form (docs/PRODUCT.md#assignments). `dueDate` is the calendar day chosen; the server stores the end of it (manager's zone). */
export const createAssignmentRequestSchema = z
  .object({
    techId: z
      .string({ message: 'messages.manager.technicianRequired' })
      .min(1, 'messages.manager.technicianRequired')
      .max(64),
    categoryId: z.uuid({ message: 'messages.common.categoryRequired' }),
    dueDate: z
      .string({ message: 'messages.manager.dueDateRequired' })
      .refine(isCalendarDate, { message: 'messages.manager.dueDateRequired' }),
    notes: z
      .string()
      .trim()
      .max(NOTES_MAX, 'messages.manager.notesTooLong')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type CreateAssignmentRequest = z.input<typeof createAssignmentRequestSchema>;
export type CreateAssignmentPayload = z.output<typeof createAssignmentRequestSchema>;

export const createAssignmentResponseSchema = z.object({ assignment: assignmentRowSchema });

/** Managers see the shop's 20 latest completed tests. */
export const MANAGER_HISTORY_ROWS = 20;
export const testHistoryRowSchema = z.object({
  id: z.string(),
  technician: personSchema,
  kind: z.enum(['category', 'exam']),
  /** Why the session exists: a `free_test` is the signed-out free test saved at sign-up, shown as such. */
  origin: sessionOriginSchema,
  /** Null for the full comprehensive exam. */
  category: categoryRefSchema.nullable(),
  score: z.number().int(),
  passed: z.boolean(),
  completedAt: z.string(),
});
export type TestHistoryRow = z.infer<typeof testHistoryRowSchema>;
export const testHistoryResponseSchema = z.object({ sessions: z.array(testHistoryRowSchema) });
export type TestHistoryResponse = z.infer<typeof testHistoryResponseSchema>;

export const joinRequestSchema = z.object({
  id: z.string(),
  technician: personSchema.extend({ email: z.string() }),
  requestedShopCode: z.string(),
  notes: z.string().nullable(),
  requestedAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequestsResponseSchema = z.object({ requests: z.array(joinRequestSchema) });
export type JoinRequestsResponse = z.infer<typeof joinRequestsResponseSchema>;

export const APPROVAL_HISTORY_ROWS = 100;
export const approvalHistoryRowSchema = joinRequestSchema.extend({
  status: z.enum(['approved', 'rejected']),
  /** A technician's own cancel is stored as rejected (docs/PRODUCT.md#shops); this tells the two apart. */
  cancelledByTechnician: z.boolean(),
  reviewer: personSchema.nullable(),
  reviewedAt: z.string().nullable(),
});
export type ApprovalHistoryRow = z.infer<typeof approvalHistoryRowSchema>;
export const approvalHistoryResponseSchema = z.object({ requests: z.array(approvalHistoryRowSchema) });
export type ApprovalHistoryResponse = z.infer<typeof approvalHistoryResponseSchema>;

export const reviewResponseSchema = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

export const idParamsSchema = z.object({ id: z.uuid({ message: 'messages.common.notFound' }) });
