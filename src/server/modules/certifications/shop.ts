import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { bandLabel, csvFile, expirationDate, type IsoDate, masterStatus } from '../../../domain/certifications';
import type {
  AuditEntry,
  DeletedCertification,
  ShopCertification,
  ShopCertifications,
} from '../../../domain/contracts/certifications';
import type { Database } from '../../db/client';
import { aseCategories, certificationAuditLog, profiles, techCertifications } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  actorProfiles,
  type CertificationRow,
  certificationColumns,
  certificationView,
  expiringWithin,
  notDeleted,
  selectCertifications,
} from './views';

/** Certifications of the shop's technicians (role tech, same shop), optionally of one technician. */
function ofShop(shopId: string, techId?: string) {
  return and(
    eq(profiles.shopId, shopId),
    eq(profiles.role, 'tech'),
    ...(techId ? [eq(techCertifications.techId, techId)] : []),
  );
}

const withTechnician = (row: CertificationRow, today: IsoDate): ShopCertification => ({
  ...certificationView(row, today),
  technician: { id: row.techId, fullName: row.fullName, email: row.email },
});

/** The certifications manager: the shop's certifications, its expiring widget and Master status. */
export async function listShopCertifications(
  db: Database,
  shopId: string,
  today: IsoDate,
  techId?: string,
): Promise<ShopCertifications> {
  const [rows, technicians, deleted] = await Promise.all([
    selectCertifications(db, ofShop(shopId)),
    db
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(and(eq(profiles.shopId, shopId), eq(profiles.role, 'tech')))
      .orderBy(profiles.fullName),
    deletedCertifications(db, ofShop(shopId, techId)),
  ]);
  const shown = techId ? rows.filter((r) => r.techId === techId) : rows;
  return {
    certifications: shown.map((r) => withTechnician(r, today)),
    expiring: expiringWithin(shown, today, true),
    masters: technicians
      .filter((t) => !techId || t.id === techId)
      .map((t) => ({
        ...t,
        ...masterStatus(
          rows
            .filter((r) => r.techId === t.id)
            .map((r) => ({ code: r.code, active: r.isActive, expirationDate: r.expirationDate })),
          today,
        ),
      })),
    deleted,
  };
}

/** The certifications the shop's technicians deleted, newest deletion first, with who deleted them. */
async function deletedCertifications(db: Database, where: ReturnType<typeof and>): Promise<DeletedCertification[]> {
  const rows = await db
    .select({
      ...certificationColumns,
      deletedAt: techCertifications.deletedAt,
      deletedBy: sql<string | null>`(select deleter.full_name from profiles deleter
        where deleter.id = ${techCertifications.deletedBy})`,
    })
    .from(techCertifications)
    .innerJoin(aseCategories, eq(aseCategories.id, techCertifications.categoryId))
    .innerJoin(profiles, eq(profiles.id, techCertifications.techId))
    .where(and(where, isNotNull(techCertifications.deletedAt)))
    .orderBy(desc(techCertifications.deletedAt), desc(techCertifications.id));
  return rows.map((r) => ({
    id: r.id,
    category: { id: r.categoryId, code: r.code, name: r.name },
    technician: { id: r.techId, fullName: r.fullName, email: r.email },
    certificationNumber: r.certificationNumber,
    documentUrl: r.documentUrl,
    obtainedDate: r.obtainedDate,
    expirationDate: r.expirationDate,
    deletedAt: (r.deletedAt as Date).toISOString(),
    deletedBy: r.deletedBy ?? null,
  }));
}

/**
 * One certification of a technician of the shop, or 404 (another shop's ids cannot be told from unknown ones);
 * a deleted one only for reading its audit trail.
 */
async function shopCertification(db: Database, shopId: string, id: string, include: 'live' | 'deleted too' = 'live') {
  const [row] = await selectCertifications(db, and(ofShop(shopId), eq(techCertifications.id, id)), include);
  if (!row) throw notFound('NOT_FOUND.certification');
  return row;
}

/**
 * A manager's inline edit: number and document URL (empty → null), obtained date (not in the
 * future; expiry follows). The audit row says what changed, in the same transaction.
 */
export async function editShopCertification(
  db: Database,
  manager: { id: string; shopId: string },
  id: string,
  request: { certificationNumber: string | null; documentUrl: string | null; obtainedDate: string },
  today: IsoDate,
): Promise<ShopCertification> {
  if (request.obtainedDate > today) throw new AppError('VALIDATION_FAILED.futureDate', 400);
  const before = await shopCertification(db, manager.shopId, id);
  const changes = [
    before.certificationNumber !== request.certificationNumber && 'number',
    before.documentUrl !== request.documentUrl && 'document',
    before.obtainedDate !== request.obtainedDate && 'obtained date',
  ].filter(Boolean);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(techCertifications)
      .set({
        certificationNumber: request.certificationNumber,
        documentUrl: request.documentUrl,
        obtainedDate: request.obtainedDate,
        expirationDate: expirationDate(request.obtainedDate),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(techCertifications.id, id),
          notDeleted,
          inArray(
            techCertifications.techId,
            tx
              .select({ id: profiles.id })
              .from(profiles)
              .where(and(eq(profiles.shopId, manager.shopId), eq(profiles.role, 'tech'))),
          ),
        ),
      )
      .returning({ id: techCertifications.id });
    if (!updated) throw notFound('NOT_FOUND.certification');
    await tx.insert(certificationAuditLog).values({
      certificationId: id,
      techId: before.techId,
      action: 'updated',
      actorId: manager.id,
      notes: changes.length > 0 ? `Changed: ${changes.join(', ')}` : 'No change',
    });
  });
  return withTechnician(await shopCertification(db, manager.shopId, id), today);
}

/**
 * A certification's audit trail, newest first, with the acting user's name; a deleted certification's too,
 * ending in its "deleted" entry (ADR 0037).
 */
export async function certificationAudit(db: Database, shopId: string, id: string): Promise<AuditEntry[]> {
  await shopCertification(db, shopId, id, 'deleted too');
  const rows = await db
    .select({
      id: certificationAuditLog.id,
      action: certificationAuditLog.action,
      createdAt: certificationAuditLog.createdAt,
      actorName: actorProfiles.fullName,
      notes: certificationAuditLog.notes,
    })
    .from(certificationAuditLog)
    .leftJoin(actorProfiles, eq(actorProfiles.id, certificationAuditLog.actorId))
    .where(eq(certificationAuditLog.certificationId, id))
    .orderBy(desc(certificationAuditLog.createdAt), desc(sql`${certificationAuditLog.id}`));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), actorName: r.actorName ?? null }));
}

/** The CSV export: every certification of the shop's technicians, soonest expiry first. */
export async function shopCertificationsCsv(db: Database, shopId: string, today: IsoDate): Promise<string> {
  const rows = await selectCertifications(db, ofShop(shopId));
  return csvFile(
    rows.map((r) => {
      const view = certificationView(r, today);
      return [
        r.fullName,
        r.email,
        r.name,
        r.code,
        r.certificationNumber,
        r.obtainedDate,
        r.expirationDate,
        view.daysToExpiry,
        bandLabel(view.band),
        r.isActive ? 'Yes' : 'No',
      ];
    }),
  );
}
