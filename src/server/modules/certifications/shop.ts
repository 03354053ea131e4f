import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { bandLabel, csvFile, expirationDate, type IsoDate, masterStatus } from '../../../domain/certifications';
import type { AuditEntry, ShopCertification, ShopCertifications } from '../../../domain/contracts/certifications';
import type { Database, Executor } from '../../db/client';
import { groupBy } from '../../db/group-by';
import { asColumn, columnOf, preparedStatement } from '../../db/prepared';
import { aseCategories, certificationAuditLog, profiles, techCertifications } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  actorProfiles,
  type CertificationRow,
  certificationView,
  expiringWithin,
  notDeleted,
  selectCertifications,
} from './views';

/** Certifications of the shop's technicians (role tech, same shop). */
function ofShop(shopId: string) {
  return and(eq(profiles.shopId, shopId), eq(profiles.role, 'tech'));
}

const withTechnician = (row: CertificationRow, today: IsoDate): ShopCertification => ({
  ...certificationView(row, today),
  technician: { id: row.techId, fullName: row.fullName, email: row.email },
});

/** A certification with its category and technician, under the names `certificationView` reads. */
const certificationFields = {
  id: columnOf('tc', techCertifications.id),
  techId: columnOf('tc', techCertifications.techId),
  certificationNumber: columnOf('tc', techCertifications.certificationNumber),
  obtainedDate: columnOf('tc', techCertifications.obtainedDate),
  expirationDate: columnOf('tc', techCertifications.expirationDate),
  documentUrl: columnOf('tc', techCertifications.documentUrl),
  isActive: columnOf('tc', techCertifications.isActive),
  categoryId: columnOf('c', aseCategories.id),
  code: columnOf('c', aseCategories.code),
  name: columnOf('c', aseCategories.name),
  fullName: columnOf('p', profiles.fullName),
  email: columnOf('p', profiles.email),
};

/*
 * The manager's list reads three things at once, each a statement planned once per connection (the list
 * is every certification of the shop, so it is loaded often and its plans are worth keeping): the shop's
 * technicians (role tech, same shop), their certifications soonest expiry first, and the deleted ones (of
 * one technician when `techId` is given) newest deletion first. Rows stay rows: building them as JSON in
 * PostgreSQL cost more than the round trips it saved.
 */
const shopTechnicians = preparedStatement(
  'shop_technicians',
  { id: columnOf('p', profiles.id), fullName: columnOf('p', profiles.fullName), email: columnOf('p', profiles.email) },
  (columns) => sql`
    select ${columns} from profiles p
    where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech'
    order by p.full_name, p.id`,
);

const shopLiveCertifications = preparedStatement(
  'shop_certifications_live',
  certificationFields,
  (columns) => sql`
    select ${columns}
    from profiles p
    join tech_certifications tc on tc.tech_id = p.id and tc.deleted_at is null
    join ase_categories c on c.id = tc.category_id
    where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech'
    order by tc.expiration_date, c.code, tc.id`,
);

const shopDeletedCertifications = preparedStatement(
  'shop_certifications_deleted',
  {
    ...certificationFields,
    deletedAt: asColumn(techCertifications.deletedAt, sql`tc.deleted_at`),
    deletedBy: sql<string | null>`(select deleter.full_name from profiles deleter where deleter.id = tc.deleted_by)`,
  },
  (columns) => sql`
    select ${columns}
    from profiles p
    join tech_certifications tc on tc.tech_id = p.id and tc.deleted_at is not null
    join ase_categories c on c.id = tc.category_id
    where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech'
      and (${sql.placeholder('techId')}::text is null or tc.tech_id = ${sql.placeholder('techId')}::text)
    order by tc.deleted_at desc, tc.id desc`,
);

/** The certifications manager: the shop's certifications, its expiring widget and Master status. */
export async function listShopCertifications(
  db: Executor,
  shopId: string,
  today: IsoDate,
  techId?: string,
): Promise<ShopCertifications> {
  const [technicians, live, deleted] = await Promise.all([
    shopTechnicians(db, { shopId }),
    shopLiveCertifications(db, { shopId }),
    shopDeletedCertifications(db, { shopId, techId: techId ?? null }),
  ]);
  const shown = techId ? live.filter((r) => r.techId === techId) : live;
  const byTechnician = groupBy(live, (r) => r.techId);
  return {
    certifications: shown.map((r) => withTechnician(r, today)),
    expiring: expiringWithin(shown, today, true),
    masters: technicians
      .filter((t) => !techId || t.id === techId)
      .map((t) => ({
        ...t,
        ...masterStatus(
          (byTechnician.get(t.id) ?? []).map((r) => ({
            code: r.code,
            active: r.isActive,
            expirationDate: r.expirationDate,
          })),
          today,
        ),
      })),
    deleted: deleted.map((r) => ({
      id: r.id,
      category: { id: r.categoryId, code: r.code, name: r.name },
      technician: { id: r.techId, fullName: r.fullName, email: r.email },
      certificationNumber: r.certificationNumber,
      documentUrl: r.documentUrl,
      obtainedDate: r.obtainedDate,
      expirationDate: r.expirationDate,
      deletedAt: r.deletedAt.toISOString(),
      deletedBy: r.deletedBy ?? null,
    })),
  };
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
  const rows = await shopLiveCertifications(db, { shopId });
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
