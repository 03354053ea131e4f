import { z } from 'zod';
import { areaName, formatDay } from './format';
import { defineTemplate } from './template';

const overdueTest = z.object({
  assignmentId: z.string(),
  technicianName: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
});

/**
 * Manager: assigned tests whose due day ended unfinished, one message per due day (the scheduled job).
 * Technicians' names are in the body only, never the subject (join-request-received.ts).
 */
export const assignmentOverdue = defineTemplate({
  params: z.object({
    /** The due day, YYYY-MM-DD in the manager's zone. */
    dueDate: z.string(),
    items: z.array(overdueTest).min(1),
  }),
  render({ dueDate, items }, { locale, timeZone }) {
    const due = formatDay(dueDate, locale, timeZone);
    const lines = items.map((i) => `${i.technicianName}: ${areaName(locale, i.categoryCode, i.categoryName)}`);
    const first = items[0] as z.output<typeof overdueTest>;
    if (locale === 'es') {
      return items.length === 1
        ? {
            subject: `Prueba asignada vencida: ${areaName(locale, first.categoryCode, first.categoryName)}`,
            title: 'Prueba asignada vencida',
            body: `${first.technicianName} no terminó la prueba ${areaName(locale, first.categoryCode, first.categoryName)}, que vencía el ${due}.`,
            action: 'Ver las asignaciones',
            reason: 'eres el gerente de este taller en TorquePrep',
          }
        : {
            subject: `${items.length} pruebas asignadas vencidas`,
            title: `${items.length} pruebas vencidas`,
            body: `Estas pruebas asignadas vencían el ${due} y no se terminaron:`,
            details: lines,
            action: 'Ver las asignaciones',
            reason: 'eres el gerente de este taller en TorquePrep',
          };
    }
    return items.length === 1
      ? {
          subject: `Assigned test overdue: ${areaName(locale, first.categoryCode, first.categoryName)}`,
          title: 'Assigned test overdue',
          body: `${first.technicianName} did not finish the ${areaName(locale, first.categoryCode, first.categoryName)} test due ${due}.`,
          action: 'See the assignments',
          reason: "you are this shop's manager in TorquePrep",
        }
      : {
          subject: `${items.length} assigned tests are overdue`,
          title: `${items.length} tests overdue`,
          body: `These assigned tests were due ${due} and were not finished:`,
          details: lines,
          action: 'See the assignments',
          reason: "you are this shop's manager in TorquePrep",
        };
  },
});
