import { z } from 'zod';
import { areaName } from './format';
import { defineTemplate } from './template';

/** Manager: a technician finished a test they assigned (each one, when the manager chose an e-mail per test). */
export const assignmentCompleted = defineTemplate({
  params: z.object({
    assignmentId: z.string(),
    technicianName: z.string(),
    categoryCode: z.string(),
    categoryName: z.string(),
    score: z.number(),
    passed: z.boolean(),
  }),
  render({ technicianName, categoryCode, categoryName, score, passed }, { locale }) {
    const area = areaName(locale, categoryCode, categoryName);
    if (locale === 'es') {
      const result = passed ? 'aprobó' : 'no aprobó';
      return {
        subject: `${technicianName} ${result} ${area}: ${score}%`,
        title: `Prueba asignada terminada: ${area}`,
        body: `${technicianName} terminó la prueba ${area} que asignaste y ${result} con ${score}%.`,
        action: 'Ver su progreso',
        reason: 'asignaste esta prueba en TorquePrep',
      };
    }
    const result = passed ? 'passed' : 'did not pass';
    return {
      subject: `${technicianName} ${result} ${area}: ${score}%`,
      title: `Assigned test completed: ${area}`,
      body: `${technicianName} finished the ${area} test you assigned and ${result} with ${score}%.`,
      action: 'See their progress',
      reason: 'you assigned this test in TorquePrep',
    };
  },
});
