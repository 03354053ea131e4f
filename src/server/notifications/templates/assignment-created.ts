import { z } from 'zod';
import { areaName, formatDay } from './format';
import { defineTemplate } from './template';

const assignedTest = z.object({
  assignmentId: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  /** The calendar day the manager chose (YYYY-MM-DD). */
  dueDate: z.string(),
});

/**
 * Technician: tests assigned to them. Several assigned by one manager within minutes become one message
 * listing them all (200 tests are one message per technician, see `notifyAssignment`).
 */
export const assignmentCreated = defineTemplate({
  params: z.object({ assignedBy: z.string(), assignedById: z.string(), items: z.array(assignedTest).min(1) }),
  render({ assignedBy, items }, { locale, timeZone }) {
    const line = (item: z.output<typeof assignedTest>) => ({
      area: areaName(locale, item.categoryCode, item.categoryName),
      due: formatDay(item.dueDate, locale, timeZone),
    });
    const lines = items.map(line);
    const first = lines[0] as { area: string; due: string };
    if (locale === 'es') {
      return items.length === 1
        ? {
            subject: `Prueba asignada: ${first.area}, para el ${first.due}`,
            title: `Prueba asignada: ${first.area}`,
            body: `${assignedBy} te asignó la prueba ${first.area}, para el ${first.due}.`,
            action: 'Abrir la prueba',
            reason: 'el gerente de tu taller te asignó una prueba en TorquePrep',
          }
        : {
            subject: `${assignedBy} te asignó ${items.length} pruebas`,
            title: `${items.length} pruebas asignadas`,
            body: `${assignedBy} te asignó ${items.length} pruebas:`,
            details: lines.map((l) => `${l.area}, para el ${l.due}`),
            action: 'Ver tus pruebas',
            reason: 'el gerente de tu taller te asignó pruebas en TorquePrep',
          };
    }
    return items.length === 1
      ? {
          subject: `Test assigned: ${first.area}, due ${first.due}`,
          title: `Test assigned: ${first.area}`,
          body: `${assignedBy} assigned you the ${first.area} test, due ${first.due}.`,
          action: 'Open the test',
          reason: 'your shop manager assigned you a test in TorquePrep',
        }
      : {
          subject: `${assignedBy} assigned you ${items.length} tests`,
          title: `${items.length} tests assigned`,
          body: `${assignedBy} assigned you ${items.length} tests:`,
          details: lines.map((l) => `${l.area}, due ${l.due}`),
          action: 'See your tests',
          reason: 'your shop manager assigned you tests in TorquePrep',
        };
  },
});
