import { z } from 'zod';
import { defineTemplate } from './template';

/**
 * Manager: a technician asks to join their shop (at sign-up or as a shop change). The technician's name is
 * theirs to choose, and anyone with the shop's code can sign up: it stays out of the subject, which reads as
 * TorquePrep's own words in the manager's inbox ("Billing alert: card declined…" as a name was a phishing
 * line from us), and appears only in the body, escaped like every value there.
 */
export const joinRequestReceived = defineTemplate({
  params: z.object({
    technicianName: z.string(),
    shopName: z.string(),
    /** Who asks and where, for the one e-mail a day per technician and shop (events.ts); absent on older rows. */
    technicianId: z.string().optional(),
    shopId: z.string().optional(),
  }),
  render({ technicianName, shopName }, { locale }) {
    if (locale === 'es') {
      return {
        subject: `Un técnico pide unirse a ${shopName}`,
        title: 'Nueva solicitud para unirse',
        body: `${technicianName} pidió unirse a ${shopName}. Apruébala o recházala en tu panel.`,
        action: 'Revisar la solicitud',
        reason: `administras ${shopName} en TorquePrep`,
      };
    }
    return {
      subject: `A technician asks to join ${shopName}`,
      title: 'New request to join',
      body: `${technicianName} asked to join ${shopName}. Approve or reject it on your dashboard.`,
      action: 'Review the request',
      reason: `you manage ${shopName} in TorquePrep`,
    };
  },
});
