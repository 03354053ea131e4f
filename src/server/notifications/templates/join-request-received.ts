import { z } from 'zod';
import { defineTemplate } from './template';

/** Manager: a technician asks to join their shop (at sign-up or as a shop change). */
export const joinRequestReceived = defineTemplate({
  params: z.object({ technicianName: z.string(), shopName: z.string() }),
  render({ technicianName, shopName }, { locale }) {
    if (locale === 'es') {
      return {
        subject: `${technicianName} quiere unirse a ${shopName}`,
        title: 'Nueva solicitud para unirse',
        body: `${technicianName} pidió unirse a ${shopName}. Apruébala o recházala en tu panel.`,
        action: 'Revisar la solicitud',
        reason: `administras ${shopName} en TorquePrep`,
      };
    }
    return {
      subject: `${technicianName} asks to join ${shopName}`,
      title: 'New request to join',
      body: `${technicianName} asked to join ${shopName}. Approve or reject it on your dashboard.`,
      action: 'Review the request',
      reason: `you manage ${shopName} in TorquePrep`,
    };
  },
});
