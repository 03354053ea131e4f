import { z } from 'zod';
import { areaName, formatDay } from './format';
import { defineTemplate } from './template';

/**
 * Manager: a Master Automobile Technician whose status will lapse — one of their A1–A8 certifications is
 * within 180 days of expiry (`masterStatus`, certifications.ts). The scheduled job. The technician's name is in
 * the body only, never the subject (join-request-received.ts).
 */
export const masterAtRisk = defineTemplate({
  params: z.object({
    technicianId: z.string(),
    technicianName: z.string(),
    atRisk: z
      .array(z.object({ code: z.string(), name: z.string(), expirationDate: z.string(), daysToExpiry: z.number() }))
      .min(1),
  }),
  render({ technicianName, atRisk }, { locale, timeZone }) {
    const lines = atRisk.map(
      (c) => `${areaName(locale, c.code, c.name)}: ${formatDay(c.expirationDate, locale, timeZone)}`,
    );
    if (locale === 'es') {
      return {
        subject: 'Un técnico de tu taller puede perder el estatus de Técnico Maestro',
        title: `Técnico Maestro en riesgo: ${technicianName}`,
        body: `${technicianName} es Técnico Maestro ASE y lo dejará de ser si no renueva estas certificaciones a tiempo:`,
        details: lines,
        action: 'Ver su progreso',
        reason: 'eres el gerente de este taller en TorquePrep',
      };
    }
    return {
      subject: 'A technician in your shop may lose Master Technician status',
      title: `Master at risk: ${technicianName}`,
      body: `${technicianName} is an ASE Master Technician and will lose that status unless these certifications are renewed in time:`,
      details: lines,
      action: 'See their progress',
      reason: "you are this shop's manager in TorquePrep",
    };
  },
});
