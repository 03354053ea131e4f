import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Every response is checked against its contract before it is sent: a field the contract does not
 * name is dropped (nothing leaks by accident), a wrong type is a 500 that names the route.
 *
 * fastify-type-provider-zod's own serializer encodes (zod's backward direction), which runs every
 * schema twice — a check-free canary pass, then the checks — so that codecs can turn values back
 * into wire form. Our response contracts hold no codecs or transforms (an encode would throw on a
 * transform), so a forward parse gives the same output in one pass: about half the zod time of a
 * large response such as the manager's Technician Progress (ADR 0026).
 */
export const contractSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema, method, url }) => {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
