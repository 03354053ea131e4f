import { z } from 'zod';
import { ACHIEVEMENT_CODES, ACHIEVEMENT_NAMES_ES } from '../../../domain/achievements';
import { defineTemplate } from './template';

/**
 * Technician: an achievement earned on a submit, in-app only (never e-mailed; the popup shows it at once).
 * The English name is the catalogue's (content/achievements.json); the Spanish one is ACHIEVEMENT_NAMES_ES.
 */
export const achievementEarned = defineTemplate({
  params: z.object({ code: z.enum(ACHIEVEMENT_CODES), name: z.string(), points: z.number().int() }),
  render({ code, name, points }, { locale }) {
    if (locale === 'es') {
      const spanish = ACHIEVEMENT_NAMES_ES[code];
      return {
        subject: `Logro obtenido: ${spanish}`,
        title: `Logro obtenido: ${spanish}`,
        body: `Ganaste el logro «${spanish}» (+${points} puntos).`,
        action: 'Ver tus logros',
        reason: 'obtuviste un logro en TorquePrep',
      };
    }
    return {
      subject: `Achievement earned: ${name}`,
      title: `Achievement earned: ${name}`,
      body: `You earned the ${name} achievement (+${points} points).`,
      action: 'See your achievements',
      reason: 'you earned an achievement in TorquePrep',
    };
  },
});
