import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appOrigins, CONFIG_KEYS, ConfigError, loadConfig } from './config';

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
  it("with Stripe, needs the shop plans' prices as plan_code=price_id pairs", () => {
    const stripe = {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ADAPTIVE_MASTERY: 'price_m',
    };
    expect(() => loadConfig(stripe)).toThrow(/STRIPE_PRICE_SHOP_PLANS is required/);
    expect(() => loadConfig({ ...stripe, STRIPE_PRICE_SHOP_PLANS: 'professional' })).toThrow(
      /"professional" is not plan_code=price_id/,
    );
    expect(
      loadConfig({ ...stripe, STRIPE_PRICE_SHOP_PLANS: 'professional=price_pro, enterprise = price_ent' })
        .STRIPE_PRICE_SHOP_PLANS,
    ).toEqual({ professional: 'price_pro', enterprise: 'price_ent' });
    expect(loadConfig({}).STRIPE_PRICE_SHOP_PLANS).toEqual({});
  });
  it('accepts a shortened exam duration only in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test', EXAM_DURATION_SECONDS: '20' }).EXAM_DURATION_SECONDS).toBe(20);
    expect(loadConfig({}).EXAM_DURATION_SECONDS).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production', EXAM_DURATION_SECONDS: '20' })).toThrow(
      /EXAM_DURATION_SECONDS may only be set when NODE_ENV=test/,
    );
  });
  it('accepts a shortened Master Challenge timer only in tests, between 2 and 10 s', () => {
    const seconds = (env: Record<string, string>) => loadConfig(env).MASTER_CHALLENGE_SECONDS_PER_QUESTION;
    expect(seconds({ NODE_ENV: 'test', MASTER_CHALLENGE_SECONDS_PER_QUESTION: '3' })).toBe(3);
    expect(seconds({})).toBeUndefined();
    for (const NODE_ENV of ['production', 'development']) {
      expect(() =>
        loadConfig({ NODE_ENV, BILLING_PROVIDER: 'mock', MASTER_CHALLENGE_SECONDS_PER_QUESTION: '3' }),
      ).toThrow(/MASTER_CHALLENGE_SECONDS_PER_QUESTION may only be set when NODE_ENV=test/);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', MASTER_CHALLENGE_SECONDS_PER_QUESTION: '1' })).toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test', MASTER_CHALLENGE_SECONDS_PER_QUESTION: '11' })).toThrow();
  });
});

describe('production safety settings', () => {
  it('refuses to run production on the mock billing provider unless it is chosen explicitly', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BILLING_PROVIDER must be set in production/);
    expect(loadConfig({ NODE_ENV: 'production', BILLING_PROVIDER: 'mock' }).BILLING_PROVIDER).toBe('mock');
    expect(loadConfig({}).BILLING_PROVIDER).toBe('mock');
  });
  it('trusts no proxy by default; takes a hop count or a list of addresses, never "true"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe any client/);
  });
  it('takes an smtp:// or smtps:// SMTP_URL and nothing else', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' }).SMTP_URL).toBe('smtps://u:p@mail.example:465');
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must start with smtp/);
  });
  it('drops a trailing slash from BASE_URL, so origins and links compare equal', () => {
    expect(loadConfig({ BASE_URL: 'https://app.example.com/' }).BASE_URL).toBe('https://app.example.com');
  });
});

describe('API docs setting', () => {
  it('serves the API docs everywhere but production, unless API_DOCS_PUBLIC says otherwise', () => {
    const production = { NODE_ENV: 'production', BILLING_PROVIDER: 'mock' } as const;
    expect(loadConfig(production).API_DOCS_PUBLIC).toBe(false);
    expect(loadConfig({ ...production, API_DOCS_PUBLIC: 'true' }).API_DOCS_PUBLIC).toBe(true);
    expect(loadConfig({}).API_DOCS_PUBLIC).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS_PUBLIC: 'false' }).API_DOCS_PUBLIC).toBe(false);
    expect(() => loadConfig({ API_DOCS_PUBLIC: 'yes' })).toThrow(/API_DOCS_PUBLIC/);
  });
});

describe('.env.example', () => {
  it('lists every setting the server reads, and nothing else', () => {
    const example = readFileSync(resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const listed = [...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...new Set(listed)].sort()).toEqual([...CONFIG_KEYS].sort());
  });
});

describe('appOrigins', () => {
  it('answers a localhost BASE_URL on its loopback addresses too, same scheme and port', () => {
    expect(appOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });

  it('answers any other BASE_URL on its own origin only', () => {
    expect(appOrigins('https://prep.example.com/')).toEqual(['https://prep.example.com']);
    expect(appOrigins('http://127.0.0.1:8080')).toEqual(['http://127.0.0.1:8080']);
  });
});
