import { z } from 'zod';
import { areaName, formatDay } from './format';
import { defineTemplate } from './template';

const dueTest = z.object({ assignmentId: z.string(), categoryCode: z.string(), categoryName: z.string() });

/** Technician: assigned tests due tomorrow and not done, one message a day listing them (the scheduled job). */
export const assignmentDueTomorrow = defineTemplate({
  params: z.object({
    /** Tomorrow in the technician's zone (YYYY-MM-DD). */
    dueDate: z.string(),
    items: z.array(dueTest).min(1),
  }),
  render({ dueDate, items }, { locale, timeZone }) {
    const due = formatDay(dueDate, locale, timeZone);
    const areas = items.map((item) => areaName(locale, item.categoryCode, item.categoryName));
    const first = areas[0] as string;
    if (locale === 'es') {
      return items.length === 1
        ? {
            subject: `Mañana vence tu prueba ${first}`,
            title: `Vence mañana: ${first}`,
            body: `Tu prueba asignada ${first} vence mañana, ${due}, y aún no está terminada.`,
            action: 'Abrir la prueba',
            reason: 'tienes una prueba asignada en TorquePrep',
          }
        : {
            subject: `Mañana vencen ${items.length} pruebas asignadas`,
            title: `${items.length} pruebas vencen mañana`,
            body: `Estas pruebas asignadas vencen mañana, ${due}, y aún no están terminadas:`,
            details: areas,
            action: 'Ver tus pruebas',
            reason: 'tienes pruebas asignadas en TorquePrep',
          };
    }
    return items.length === 1
      ? {
          subject: `Your ${first} test is due tomorrow`,
          title: `Due tomorrow: ${first}`,
          body: `Your assigned ${first} test is due tomorrow, ${due}, and is not done yet.`,
          action: 'Open the test',
          reason: 'you have an assigned test in TorquePrep',
        }
      : {
          subject: `${items.length} assigned tests are due tomorrow`,
          title: `${items.length} tests due tomorrow`,
          body: `These assigned tests are due tomorrow, ${due}, and are not done yet:`,
          details: areas,
          action: 'See your tests',
          reason: 'you have assigned tests in TorquePrep',
        };
  },
});
