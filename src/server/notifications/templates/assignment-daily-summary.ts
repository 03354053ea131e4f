import { z } from 'zod';
import { areaName, formatDay } from './format';
import { defineTemplate } from './template';

const completedTest = z.object({
  assignmentId: z.string(),
  technicianName: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  score: z.number(),
  passed: z.boolean(),
});

/**
 * Manager on the daily summary (their choice instead of a message per test): yesterday's completed assigned
 * tests, each with its score and whether it passed. The scheduled job, once the manager's day has ended.
 */
export const assignmentDailySummary = defineTemplate({
  params: z.object({
    /** The day summarised, YYYY-MM-DD in the manager's zone. */
    day: z.string(),
    items: z.array(completedTest).min(1),
  }),
  render({ day, items }, { locale, timeZone }) {
    const date = formatDay(day, locale, timeZone);
    const passed = items.filter((i) => i.passed).length;
    const line = (i: z.output<typeof completedTest>) =>
      `${i.technicianName}: ${areaName(locale, i.categoryCode, i.categoryName)}, ${i.score}% ${
        locale === 'es' ? (i.passed ? 'aprobada' : 'no aprobada') : i.passed ? 'passed' : 'not passed'
      }`;
    if (locale === 'es') {
      return {
        subject: `Pruebas asignadas terminadas el ${date}: ${items.length}`,
        title: `Resumen del ${date}`,
        body: `${items.length === 1 ? 'Se terminó 1 prueba asignada' : `Se terminaron ${items.length} pruebas asignadas`} (${passed} aprobadas):`,
        details: items.map(line),
        action: 'Ver las asignaciones',
        reason: 'eres el gerente de este taller y elegiste un resumen diario en TorquePrep',
      };
    }
    return {
      subject: `Assigned tests completed on ${date}: ${items.length}`,
      title: `Summary for ${date}`,
      body: `${items.length === 1 ? '1 assigned test was completed' : `${items.length} assigned tests were completed`} (${passed} passed):`,
      details: items.map(line),
      action: 'See the assignments',
      reason: "you are this shop's manager and chose a daily summary in TorquePrep",
    };
  },
});
