import { aliasedTable, and, asc, eq, isNull } from 'drizzle-orm';
import {
  certificationBand,
  daysUntil,
  EXPIRING_WIDGET_ITEMS,
  EXPIRING_WIDGET_MONTHS,
  type IsoDate,
} from '../../../domain/certifications';
import type { Certification } from '../../../domain/contracts/certifications';
import type { Executor } from '../../db/client';
import { aseCategories, profiles, techCertifications } from '../../db/schema';

/** The columns every certification read selects: the row, its category and its technician. */
export const certificationColumns = {
  id: techCertifications.id,
  techId: techCertifications.techId,
  certificationNumber: techCertifications.certificationNumber,
  obtainedDate: techCertifications.obtainedDate,
  expirationDate: techCertifications.expirationDate,
  documentUrl: techCertifications.documentUrl,
  isActive: techCertifications.isActive,
  categoryId: aseCategories.id,
  code: aseCategories.code,
  name: aseCategories.name,
  fullName: profiles.fullName,
  email: profiles.email,
};

export type CertificationRow = Awaited<ReturnType<typeof selectCertifications>>[number];

export function certificationView(row: CertificationRow, today: IsoDate): Certification {
  const daysToExpiry = daysUntil(row.expirationDate, today);
  return {
    id: row.id,
    category: { id: row.categoryId, code: row.code, name: row.name },
    certificationNumber: row.certificationNumber,
    obtainedDate: row.obtainedDate,
    expirationDate: row.expirationDate,
    documentUrl: row.documentUrl,
    isActive: row.isActive,
    daysToExpiry,
    band: certificationBand(daysToExpiry),
  };
}

/** A certification no one deleted: every list, edit and count reads only these (ADR 0037). */
export const notDeleted = isNull(techCertifications.deletedAt);

/**
 * Certifications with category and technician, filtered by `where`, soonest expiry first; deleted ones only
 * when asked for (a manager's audit trail reads them).
 */
export function selectCertifications(
  db: Executor,
  where: ReturnType<typeof and>,
  include: 'live' | 'deleted too' = 'live',
) {
  return db
    .select(certificationColumns)
    .from(techCertifications)
    .innerJoin(aseCategories, eq(aseCategories.id, techCertifications.categoryId))
    .innerJoin(profiles, eq(profiles.id, techCertifications.techId))
    .where(include === 'live' ? and(where, notDeleted) : where)
    .orderBy(asc(techCertifications.expirationDate), asc(aseCategories.code));
}

/** The expiring widget (docs/PRODUCT.md#certification-expiry): active, expiring from today to 6 months ahead, soonest first, 5 items. */
export function expiringWithin(rows: CertificationRow[], today: IsoDate, withTechnician: boolean) {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = today.split('-').map(Number);
  const horizon = new Date(Date.UTC(y, m - 1 + EXPIRING_WIDGET_MONTHS, d)).toISOString().slice(0, 10);
  return rows
    .filter((r) => r.isActive && r.expirationDate >= today && r.expirationDate <= horizon)
    .slice(0, EXPIRING_WIDGET_ITEMS)
    .map((r) => {
      const view = certificationView(r, today);
      return {
        id: view.id,
        category: view.category,
        expirationDate: view.expirationDate,
        daysToExpiry: view.daysToExpiry,
        band: view.band,
        technician: withTechnician ? { id: r.techId, fullName: r.fullName, email: r.email } : null,
      };
    });
}

/** Whether a database error is a unique violation (both drivers put SQLSTATE 23505 on the error or its cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export const actorProfiles = aliasedTable(profiles, 'actor');
