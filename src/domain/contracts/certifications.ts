import { z } from 'zod';
import { isCalendarDate } from '../calendar-day';
import { EARLIEST_OBTAINED_DATE } from '../certifications';

const calendarDate = (message: string) => z.string({ message }).refine(isCalendarDate, { message });
/** The date a certification was obtained: a calendar date, not before ASE certified anyone (its future is the server's check). */
const obtainedDate = calendarDate('messages.certifications.required').refine((date) => date >= EARLIEST_OBTAINED_DATE, {
  message: 'messages.certifications.tooEarly',
});

const bandSchema = z.enum(['expired', 'critical', 'warning', 'valid']);
const categoryRefSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const certificationSchema = z.object({
  id: z.string(),
  category: categoryRefSchema,
  certificationNumber: z.string().nullable(),
  obtainedDate: z.string(),
  expirationDate: z.string(),
  documentUrl: z.string().nullable(),
  isActive: z.boolean(),
  /** Days from today (the user's day) to expiry; negative once expired. */
  daysToExpiry: z.number().int(),
  band: bandSchema,
});
export type Certification = z.infer<typeof certificationSchema>;

const technicianRefSchema = z.object({ id: z.string(), fullName: z.string(), email: z.string() });

export const masterStatusSchema = z.object({
  master: z.boolean(),
  atRisk: z.array(z.object({ code: z.string(), expirationDate: z.string(), daysToExpiry: z.number().int() })),
});

export const expiringItemSchema = z.object({
  id: z.string(),
  category: categoryRefSchema,
  expirationDate: z.string(),
  daysToExpiry: z.number().int(),
  band: bandSchema,
  technician: technicianRefSchema.nullable(),
});

export const myCertificationsResponseSchema = z.object({
  certifications: z.array(certificationSchema),
  expiring: z.array(expiringItemSchema),
  master: masterStatusSchema,
});
export type MyCertifications = z.infer<typeof myCertificationsResponseSchema>;

export const addCertificationRequestSchema = z.object({
  categoryId: z.uuid({ message: 'messages.certifications.required' }),
  obtainedDate,
  certificationNumber: z.string().trim().max(40).optional(),
});
export type AddCertificationRequest = z.infer<typeof addCertificationRequestSchema>;

export const setActiveRequestSchema = z.object({ isActive: z.boolean() });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

export const editCertificationRequestSchema = z.object({
  certificationNumber: optionalText(40),
  documentUrl: optionalText(500).refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), {
    message: 'messages.certifications.badUrl',
  }),
  obtainedDate,
});
export type EditCertificationRequest = z.input<typeof editCertificationRequestSchema>;

export const certificationResponseSchema = z.object({ certification: certificationSchema });

export const shopCertificationSchema = certificationSchema.extend({ technician: technicianRefSchema });
export type ShopCertification = z.infer<typeof shopCertificationSchema>;

/**
 * A certification its technician deleted, as it was then, with who deleted it and when: the manager still
 * reads it and its audit trail (ADR 0037). Newest deletion first.
 */
export const deletedCertificationSchema = z.object({
  id: z.string(),
  category: categoryRefSchema,
  technician: technicianRefSchema,
  certificationNumber: z.string().nullable(),
  documentUrl: z.string().nullable(),
  obtainedDate: z.string(),
  expirationDate: z.string(),
  deletedAt: z.string(),
  /** The name of who deleted it; null once that account is gone. */
  deletedBy: z.string().nullable(),
});
export type DeletedCertification = z.infer<typeof deletedCertificationSchema>;

export const shopCertificationsResponseSchema = z.object({
  certifications: z.array(shopCertificationSchema),
  expiring: z.array(expiringItemSchema),
  /** Per technician of the shop: Master Automobile Technician status. */
  masters: z.array(technicianRefSchema.extend(masterStatusSchema.shape)),
  deleted: z.array(deletedCertificationSchema),
});
export type ShopCertifications = z.infer<typeof shopCertificationsResponseSchema>;

export const shopCertificationsQuerySchema = z.object({ techId: z.string().max(100).optional() });

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(['created', 'updated', 'activated', 'deactivated', 'deleted']),
  createdAt: z.string(),
  actorName: z.string().nullable(),
  notes: z.string().nullable(),
});
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
