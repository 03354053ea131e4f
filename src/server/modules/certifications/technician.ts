import { and, eq } from 'drizzle-orm';
import { FALLBACK_TIME_ZONE, today } from '../../../domain/calendar-day';
import { expirationDate, type IsoDate, masterStatus } from '../../../domain/certifications';
import type {
  AddCertificationRequest,
  Certification,
  MyCertifications,
} from '../../../domain/contracts/certifications';
import type { Database } from '../../db/client';
import { aseCategories, certificationAuditLog, techCertifications } from '../../db/schema';
import { theRow } from '../../db/the-row';
import { AppError, notFound } from '../../errors';
import { certificationView, expiringWithin, isUniqueViolation, notDeleted, selectCertifications } from './views';

/** The calendar day certifications are judged on (expiry, "obtained not in the future"): today in the user's zone. */
export const certificationDay = (timeZone: string | null) => today(new Date(), timeZone ?? FALLBACK_TIME_ZONE);

const duplicate = () => new AppError('DUPLICATE_ACTIVE_CERTIFICATION', 409);

/** A technician's own certifications, their expiring widget and Master status. */
export async function listOwnCertifications(db: Database, techId: string, today: IsoDate): Promise<MyCertifications> {
  const rows = await selectCertifications(db, and(eq(techCertifications.techId, techId)));
  return {
    certifications: rows.map((r) => certificationView(r, today)),
    expiring: expiringWithin(rows, today, false),
    master: masterStatus(
      rows.map((r) => ({ code: r.code, active: r.isActive, expirationDate: r.expirationDate })),
      today,
    ),
  };
}

async function ownCertification(db: Database, techId: string, id: string, today: IsoDate): Promise<Certification> {
  const [row] = await selectCertifications(
    db,
    and(eq(techCertifications.id, id), eq(techCertifications.techId, techId)),
  );
  if (!row) throw notFound('NOT_FOUND.certification');
  return certificationView(row, today);
}

/**
 * Adds a certification (docs/PRODUCT.md#certification-expiry): expiry is obtained + 5 years; the date cannot be in the future; one
 * active certification per category, held by the unique partial index, so two concurrent adds give one.
 * The audit row is written in the same transaction.
 */
export async function addCertification(
  db: Database,
  techId: string,
  request: AddCertificationRequest,
  today: IsoDate,
): Promise<Certification> {
  if (request.obtainedDate > today) throw new AppError('VALIDATION_FAILED.futureDate', 400);
  const [category] = await db
    .select({ id: aseCategories.id })
    .from(aseCategories)
    .where(eq(aseCategories.id, request.categoryId));
  if (!category) throw notFound('NOT_FOUND.category');
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const created = theRow(
        await tx
          .insert(techCertifications)
          .values({
            techId,
            categoryId: request.categoryId,
            certificationNumber: request.certificationNumber || null,
            obtainedDate: request.obtainedDate,
            expirationDate: expirationDate(request.obtainedDate),
            isActive: true,
          })
          .returning({ id: techCertifications.id }),
        'insert certification',
      );
      await tx
        .insert(certificationAuditLog)
        .values({ certificationId: created.id, techId, action: 'created', actorId: techId });
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return ownCertification(db, techId, id, today);
}

/** Activates or deactivates one of the technician's own certifications, with its audit row. */
export async function setCertificationActive(
  db: Database,
  techId: string,
  id: string,
  isActive: boolean,
  today: IsoDate,
): Promise<Certification> {
  try {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(techCertifications)
        .set({ isActive, updatedAt: new Date() })
        .where(and(eq(techCertifications.id, id), eq(techCertifications.techId, techId), notDeleted))
        .returning({ id: techCertifications.id });
      if (!updated) throw notFound('NOT_FOUND.certification');
      await tx
        .insert(certificationAuditLog)
        .values({ certificationId: id, techId, action: isActive ? 'activated' : 'deactivated', actorId: techId });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return ownCertification(db, techId, id, today);
}

/**
 * Deletes one of the technician's own certifications: gone from their lists, its category free for a new one,
 * but kept (soft-deleted) with who deleted it and when, so the shop's manager can still read it and its audit
 * trail (delete and re-add must not launder a number or document the manager verified, ADR 0037).
 */
export async function deleteCertification(db: Database, techId: string, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(techCertifications)
      .set({ deletedAt: now, deletedBy: techId, updatedAt: now })
      .where(and(eq(techCertifications.id, id), eq(techCertifications.techId, techId), notDeleted))
      .returning({ obtained: techCertifications.obtainedDate });
    if (!deleted) throw notFound('NOT_FOUND.certification');
    await tx.insert(certificationAuditLog).values({
      certificationId: id,
      techId,
      action: 'deleted',
      actorId: techId,
      notes: `Obtained ${deleted.obtained}`,
    });
  });
}
