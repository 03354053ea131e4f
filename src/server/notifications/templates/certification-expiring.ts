import { z } from 'zod';
import { areaName, formatDay } from './format';
import { defineTemplate } from './template';

/** Technician: their certification 90, 30 and 7 days before it expires, and on the day (the scheduled job). */
export const certificationExpiring = defineTemplate({
  params: z.object({
    certificationId: z.string(),
    categoryCode: z.string(),
    categoryName: z.string(),
    /** YYYY-MM-DD */
    expirationDate: z.string(),
    daysLeft: z.number().int().min(0),
  }),
  render({ categoryCode, categoryName, expirationDate, daysLeft }, { locale, timeZone }) {
    const area = areaName(locale, categoryCode, categoryName);
    const day = formatDay(expirationDate, locale, timeZone);
    if (locale === 'es') {
      const when = daysLeft === 0 ? 'vence hoy' : daysLeft === 1 ? 'vence mañana' : `vence en ${daysLeft} días`;
      return {
        subject: `Tu certificación ${area} ${when}`,
        title: `Certificación por vencer: ${area}`,
        body: `Tu certificación ASE ${area} ${when} (${day}). Recertifícate para mantenerla; cuando la renueves, actualiza la fecha en tu perfil.`,
        action: 'Ver tus certificaciones',
        reason: 'registraste esta certificación en TorquePrep',
      };
    }
    const when = daysLeft === 0 ? 'expires today' : daysLeft === 1 ? 'expires tomorrow' : `expires in ${daysLeft} days`;
    return {
      subject: `Your ${area} certification ${when}`,
      title: `Certification expiring: ${area}`,
      body: `Your ASE ${area} certification ${when} (${day}). Recertify to keep it; once you have, update the date on your profile.`,
      action: 'See your certifications',
      reason: 'you recorded this certification in TorquePrep',
    };
  },
});
