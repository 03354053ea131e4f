import { z } from 'zod';
import { ASE_AREAS } from '../../../domain/ase-areas';
import { areaName, formatDay } from './format';
import { defineTemplate } from './template';

/**
 * Manager: the weekly digest on their digest day (the scheduled job) — the last seven days' tests and pass
 * rate, who is behind on assignments, certifications expiring in the next 90 days, and each technician's
 * A1–A8 row (best score per area, as on the dashboard's heat map).
 */
export const weeklyDigest = defineTemplate({
  params: z.object({
    shopName: z.string(),
    /** The first day the week's figures cover, YYYY-MM-DD in the manager's zone. */
    since: z.string(),
    testsTaken: z.number().int().min(0),
    /** 0–100, null with no test taken. */
    passRate: z.number().nullable(),
    behind: z.array(z.object({ technicianName: z.string(), overdue: z.number().int().min(1) })),
    expiring: z.array(
      z.object({ technicianName: z.string(), code: z.string(), name: z.string(), expirationDate: z.string() }),
    ),
    technicians: z.array(z.object({ name: z.string(), categoryBest: z.array(z.number().nullable()) })),
  }),
  render({ shopName, since, testsTaken, passRate, behind, expiring, technicians }, { locale, timeZone }) {
    const es = locale === 'es';
    const from = formatDay(since, locale, timeZone);
    const rate = passRate === null ? '—' : `${passRate}%`;
    const row = (t: { name: string; categoryBest: (number | null)[] }) =>
      `${t.name}: ${ASE_AREAS.map((area, i) => `${area.code} ${t.categoryBest[i] ?? '—'}`).join(' · ')}`;
    const lines = [
      es
        ? `Pruebas desde el ${from}: ${testsTaken}, aprobadas ${rate}`
        : `Tests since ${from}: ${testsTaken}, pass rate ${rate}`,
      behind.length === 0
        ? es
          ? 'Nadie va atrasado con sus asignaciones'
          : 'Nobody is behind on assignments'
        : `${es ? 'Atrasados' : 'Behind on assignments'}: ${behind
            .map((b) => `${b.technicianName} (${b.overdue} ${es ? 'vencidas' : 'overdue'})`)
            .join(', ')}`,
      expiring.length === 0
        ? es
          ? 'Ninguna certificación vence en los próximos 90 días'
          : 'No certification expires in the next 90 days'
        : `${es ? 'Vencen en 90 días' : 'Expiring within 90 days'}: ${expiring
            .map(
              (c) =>
                `${c.technicianName} ${areaName(locale, c.code, c.name)} (${formatDay(c.expirationDate, locale, timeZone)})`,
            )
            .join(', ')}`,
      ...technicians.map(row),
    ];
    if (es) {
      return {
        subject: `Resumen semanal de ${shopName}`,
        title: 'Resumen semanal',
        body: `La semana de ${shopName} en TorquePrep:`,
        details: lines,
        action: 'Abrir el panel',
        reason: 'eres el gerente de este taller en TorquePrep',
      };
    }
    return {
      subject: `${shopName} weekly digest`,
      title: 'Weekly digest',
      body: `${shopName}'s week in TorquePrep:`,
      details: lines,
      action: 'Open the dashboard',
      reason: "you are this shop's manager in TorquePrep",
    };
  },
});
