import { z } from 'zod';
import { formatDay } from './format';
import { defineTemplate } from './template';

/** Manager: the shop's free trial ends within 3 days (the scheduled job). */
export const shopTrialEnding = defineTemplate({
  params: z.object({
    shopName: z.string(),
    /** The trial's end (ISO instant). */
    trialEnd: z.string(),
    daysLeft: z.number().int().min(0),
  }),
  render({ shopName, trialEnd, daysLeft }, { locale, timeZone }) {
    const day = formatDay(trialEnd, locale, timeZone);
    if (locale === 'es') {
      const when = daysLeft === 0 ? 'termina hoy' : daysLeft === 1 ? 'termina mañana' : `termina en ${daysLeft} días`;
      return {
        subject: `La prueba gratuita de ${shopName} ${when}`,
        title: 'Tu prueba gratuita está por terminar',
        body: `La prueba gratuita de ${shopName} ${when} (${day}). Entonces se cobrará el primer mes del plan con la tarjeta registrada.`,
        action: 'Revisar tu suscripción',
        reason: 'eres el gerente de este taller en TorquePrep',
      };
    }
    const when = daysLeft === 0 ? 'ends today' : daysLeft === 1 ? 'ends tomorrow' : `ends in ${daysLeft} days`;
    return {
      subject: `${shopName}'s free trial ${when}`,
      title: 'Your free trial is ending',
      body: `${shopName}'s free trial ${when} (${day}). The plan's first month is then charged to the card on file.`,
      action: 'Review your subscription',
      reason: "you are this shop's manager in TorquePrep",
    };
  },
});
