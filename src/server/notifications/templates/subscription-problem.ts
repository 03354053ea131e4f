import { z } from 'zod';
import { formatDay } from './format';
import { defineTemplate } from './template';

/** Technician: their personal Adaptive Mastery subscription's renewal failed, or it ended (billing webhook). */
export const subscriptionProblem = defineTemplate({
  params: z.object({
    problem: z.enum(['payment_failed', 'ended']),
    /** The period the failed charge was for, or the last one paid (ISO instant); null when unknown. */
    periodEnd: z.string().nullable(),
  }),
  render({ problem, periodEnd }, { locale, timeZone }) {
    const day = periodEnd ? formatDay(periodEnd, locale, timeZone) : null;
    if (locale === 'es') {
      return problem === 'payment_failed'
        ? {
            subject: 'No pudimos cobrar la renovación de Adaptive Mastery',
            title: 'Falló el pago de tu suscripción',
            body: 'El cobro de la renovación de tu suscripción Adaptive Mastery no se pudo hacer. Actualiza tu tarjeta para no perder el acceso.',
            action: 'Revisar tu suscripción',
            reason: 'tienes una suscripción personal en TorquePrep',
          }
        : {
            subject: 'Tu suscripción Adaptive Mastery terminó',
            title: 'Tu suscripción terminó',
            body: `Tu suscripción Adaptive Mastery terminó${day ? ` (${day})` : ''}. Puedes suscribirte de nuevo cuando quieras.`,
            action: 'Suscribirte de nuevo',
            reason: 'tenías una suscripción personal en TorquePrep',
          };
    }
    return problem === 'payment_failed'
      ? {
          subject: 'We could not charge your Adaptive Mastery renewal',
          title: 'Subscription payment failed',
          body: 'The renewal charge for your Adaptive Mastery subscription failed. Update your card to keep your access.',
          action: 'Check your subscription',
          reason: 'you have a personal subscription in TorquePrep',
        }
      : {
          subject: 'Your Adaptive Mastery subscription has ended',
          title: 'Your subscription has ended',
          body: `Your Adaptive Mastery subscription has ended${day ? ` (${day})` : ''}. You can subscribe again at any time.`,
          action: 'Subscribe again',
          reason: 'you had a personal subscription in TorquePrep',
        };
  },
});
