import { z } from 'zod';
import { areaName } from './format';
import { defineTemplate } from './template';

/** Technician, opt-in: the weekly study nudge on their digest day (streak, cards due, one weak area). */
export const studyNudge = defineTemplate({
  params: z.object({
    streakDays: z.number().int().min(0),
    cardsDue: z.number().int().min(0),
    weakArea: z.object({ code: z.string(), name: z.string(), masteryScore: z.number() }).nullable(),
  }),
  render({ streakDays, cardsDue, weakArea }, { locale }) {
    const weak = weakArea ? areaName(locale, weakArea.code, weakArea.name) : null;
    if (locale === 'es') {
      return {
        subject: 'Tu semana de estudio en TorquePrep',
        title: 'Tu plan de estudio de la semana',
        body:
          streakDays > 0
            ? `Llevas ${streakDays} ${streakDays === 1 ? 'día' : 'días'} seguidos practicando. ¡Sigue así!`
            : 'Un poco de práctica cada día te prepara para el examen ASE.',
        details: [
          cardsDue > 0 ? `${cardsDue} tarjetas de repaso pendientes` : 'Ninguna tarjeta de repaso pendiente',
          ...(weak ? [`Para practicar: ${weak} (dominio ${Math.round(weakArea?.masteryScore ?? 0)}%)`] : []),
        ],
        action: cardsDue > 0 ? 'Empezar el repaso' : 'Practicar',
        reason: 'pediste un recordatorio semanal de estudio en TorquePrep',
      };
    }
    return {
      subject: 'Your study week in TorquePrep',
      title: 'Your study plan for the week',
      body:
        streakDays > 0
          ? `You have practised ${streakDays} ${streakDays === 1 ? 'day' : 'days'} in a row. Keep it going!`
          : 'A little practice each day gets you ready for the ASE test.',
      details: [
        cardsDue > 0 ? `${cardsDue} review cards due` : 'No review cards due',
        ...(weak ? [`To practise: ${weak} (mastery ${Math.round(weakArea?.masteryScore ?? 0)}%)`] : []),
      ],
      action: cardsDue > 0 ? 'Start your review' : 'Practise',
      reason: 'you asked for a weekly study reminder in TorquePrep',
    };
  },
});
