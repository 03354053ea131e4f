import { z } from 'zod';
import { areaName, formatDay } from './format';
import { defineTemplate } from './template';

/**
 * Manager: a technician's certification entering its last 60 days (the scheduled job). The technician's name is
 * in the body only, never the subject (join-request-received.ts).
 */
export const technicianCertificationExpiring = defineTemplate({
  params: z.object({
    certificationId: z.string(),
    technicianId: z.string(),
    technicianName: z.string(),
    categoryCode: z.string(),
    categoryName: z.string(),
    /** YYYY-MM-DD */
    expirationDate: z.string(),
    daysLeft: z.number().int().min(0),
  }),
  render({ technicianName, categoryCode, categoryName, expirationDate, daysLeft }, { locale, timeZone }) {
    const area = areaName(locale, categoryCode, categoryName);
    const day = formatDay(expirationDate, locale, timeZone);
    if (locale === 'es') {
      return {
        subject: `La certificación ${area} de un técnico de tu taller vence en ${daysLeft} días`,
        title: `Certificación por vencer: ${technicianName}`,
        body: `La certificación ASE ${area} de ${technicianName} vence el ${day}, en ${daysLeft} días.`,
        action: 'Ver las certificaciones',
        reason: 'eres el gerente de este taller en TorquePrep',
      };
    }
    return {
      subject: `A technician's ${area} certification expires in ${daysLeft} days`,
      title: `Certification expiring: ${technicianName}`,
      body: `${technicianName}'s ASE ${area} certification expires on ${day}, in ${daysLeft} days.`,
      action: 'See the certifications',
      reason: "you are this shop's manager in TorquePrep",
    };
  },
});
