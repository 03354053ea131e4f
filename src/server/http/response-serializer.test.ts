import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './response-serializer';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
app.setSerializerCompiler(contractSerializerCompiler);
const schema = { response: { 200: z.object({ name: z.string(), tags: z.array(z.object({ id: z.number() })) }) } };
app.get('/extra', { schema }, async () => ({ name: 'A5', tags: [{ id: 1, secret: 'key' }], answerKey: 'B' }) as never);
app.get('/wrong', { schema }, async () => ({ name: 5, tags: [] }) as never);
afterAll(() => app.close());

describe('contractSerializerCompiler', () => {
  it('sends only what the contract names, at every depth', async () => {
    const reply = await app.inject('/extra');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ name: 'A5', tags: [{ id: 1 }] });
    expect(reply.body).not.toContain('secret');
    expect(reply.body).not.toContain('answerKey');
  });

  it('refuses to send a response that breaks its contract', async () => {
    const reply = await app.inject('/wrong');
    expect(reply.statusCode).toBe(500);
    expect(reply.body).not.toContain('"name":5');
  });
});
