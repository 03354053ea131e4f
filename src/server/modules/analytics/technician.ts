import type { TechnicianAnalytics } from '../../../domain/contracts/analytics';
import type { ProfileRow } from '../../authz';
import type { Executor } from '../../db/client';
import { getMasteryDashboard } from '../mastery';
import { getTechAnalytics } from './read';

/** A manager's view of one technician of their shop: who they are, their analytics and their mastery. */
export async function getTechnicianAnalytics(db: Executor, tech: ProfileRow): Promise<TechnicianAnalytics> {
  const [analytics, mastery] = await Promise.all([getTechAnalytics(db, tech.id), getMasteryDashboard(db, tech.id)]);
  return { technician: { id: tech.id, fullName: tech.fullName, email: tech.email }, analytics, mastery };
}
