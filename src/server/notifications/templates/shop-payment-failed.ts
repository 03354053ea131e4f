import { z } from 'zod';
import { defineTemplate } from './template';

/** Manager: the shop plan's renewal charge failed and the subscription is past due (billing job or webhook). */
export const shopPaymentFailed = defineTemplate({
  params: z.object({ shopName: z.string() }),
  render({ shopName }, { locale }) {
    if (locale === 'es') {
      return {
        subject: `No pudimos cobrar el plan de ${shopName}`,
        title: 'Falló el pago del plan del taller',
        body: `El cobro de la renovación del plan de ${shopName} no se pudo hacer y el pago está vencido. Actualiza la tarjeta para que tus técnicos no pierdan el acceso.`,
        action: 'Actualizar el pago',
        reason: 'eres el gerente de este taller en TorquePrep',
      };
    }
    return {
      subject: `We could not charge ${shopName}'s plan`,
      title: 'Shop plan payment failed',
      body: `The renewal charge for ${shopName}'s plan failed and the payment is past due. Update the card so your technicians keep their access.`,
      action: 'Update payment',
      reason: "you are this shop's manager in TorquePrep",
    };
  },
});
