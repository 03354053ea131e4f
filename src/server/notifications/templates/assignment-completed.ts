import { z } from 'zod';
import { areaName } from './format';
import { defineTemplate } from './template';

/**
 * Manager: a technician finished a test they assigned (each one, when the manager chose an e-mail per test).
 * The technician's name is theirs to write, so it is in the body only, never the subject (join-request-received.ts).
 */
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
        subject: `Prueba asignada ${passed ? 'aprobada' : 'no aprobada'}: ${area}, ${score}%`,
        title: `Prueba asignada terminada: ${area}`,
        body: `${technicianName} terminó la prueba ${area} que asignaste y ${result} con ${score}%.`,
        action: 'Ver su progreso',
        reason: 'asignaste esta prueba en TorquePrep',
      };
    }
    const result = passed ? 'passed' : 'did not pass';
    return {
      subject: `Assigned test ${passed ? 'passed' : 'not passed'}: ${area}, ${score}%`,
      title: `Assigned test completed: ${area}`,
      body: `${technicianName} finished the ${area} test you assigned and ${result} with ${score}%.`,
      action: 'See their progress',
      reason: 'you assigned this test in TorquePrep',
    };
  },
});
