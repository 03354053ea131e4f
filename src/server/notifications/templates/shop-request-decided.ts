import { z } from 'zod';
import { defineTemplate } from './template';

/** Technician: their request to join a shop (or move to another) was approved or rejected. */
export const shopRequestDecided = defineTemplate({
  params: z.object({ shopName: z.string(), decision: z.enum(['approved', 'rejected']) }),
  render({ shopName, decision }, { locale }) {
    const approved = decision === 'approved';
    if (locale === 'es') {
      return {
        subject: approved ? `Ya eres parte de ${shopName}` : `${shopName} rechazó tu solicitud`,
        title: approved ? 'Solicitud aprobada' : 'Solicitud rechazada',
        body: approved
          ? `El gerente de ${shopName} aprobó tu solicitud. Tu progreso ahora lo ve tu nuevo taller.`
          : `El gerente de ${shopName} rechazó tu solicitud para unirte. Puedes pedir unirte a otro taller desde tu perfil.`,
        action: approved ? 'Abrir TorquePrep' : 'Abrir tu perfil',
        reason: 'pediste unirte a un taller en TorquePrep',
      };
    }
    return {
      subject: approved ? `You are now part of ${shopName}` : `${shopName} rejected your request`,
      title: approved ? 'Request approved' : 'Request rejected',
      body: approved
        ? `The manager of ${shopName} approved your request. Your new shop now sees your progress.`
        : `The manager of ${shopName} rejected your request to join. You can ask to join another shop from your profile.`,
      action: approved ? 'Open TorquePrep' : 'Open your profile',
      reason: 'you asked to join a shop in TorquePrep',
    };
  },
});
