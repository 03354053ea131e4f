import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('needs nothing to run locally', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      BASE_URL: 'http://localhost:3000',
      BILLING_PROVIDER: 'mock',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });
  it('accepts a postgres URL and rejects anything else with a readable message', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).DATABASE_URL).toBe('postgres://u@h:5432/db');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
  });
  it('rejects a bad port and a short secret', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ BETTER_AUTH_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });
  it('requires the Stripe keys when Stripe is the billing provider', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY is required/);
  });
  it('accepts a shortened exam duration only in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test', EXAM_DURATION_SECONDS: '20' }).EXAM_DURATION_SECONDS).toBe(20);
    expect(loadConfig({}).EXAM_DURATION_SECONDS).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production', EXAM_DURATION_SECONDS: '20' })).toThrow(
      /EXAM_DURATION_SECONDS may only be set when NODE_ENV=test/,
    );
  });
});
