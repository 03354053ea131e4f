import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, signInRequestSchema, signUpRequestSchema } from './auth';

const tech = { email: 'a@b.co', password: 'secret', fullName: 'Ann Tech', role: 'tech', yearsOfExperience: '1_to_2' };
const manager = { email: 'm@b.co', password: 'secret', fullName: 'Max Boss', role: 'manager', shopCode: 'SHOPAB12CD' };

function messages(input: unknown): string[] {
  const result = signUpRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('sign-up rules (SPEC §5)', () => {
  it('accepts a valid technician and manager', () => {
    expect(messages(tech)).toEqual([]);
    expect(messages(manager)).toEqual([]);
  });
  it('requires a full name, trimmed', () => {
    expect(messages({ ...tech, fullName: '   ' })).toEqual([AUTH_MESSAGES.fullNameRequired]);
    expect(signUpRequestSchema.parse({ ...tech, fullName: '  Ann  ' }).fullName).toBe('Ann');
  });
  it('requires a manager shop code', () => {
    expect(messages({ ...manager, shopCode: '' })).toEqual([AUTH_MESSAGES.managerShopCode]);
    expect(messages({ ...manager, shopCode: undefined })).toEqual([AUTH_MESSAGES.managerShopCode]);
  });
  it('requires a technician to select years of experience, but not a shop code', () => {
    expect(messages({ ...tech, yearsOfExperience: '' })).toEqual([AUTH_MESSAGES.yearsRequired]);
    expect(messages({ ...tech, yearsOfExperience: undefined })).toEqual([AUTH_MESSAGES.yearsRequired]);
    expect(messages({ ...tech, shopCode: '' })).toEqual([]);
  });
  it('requires a password of at least 6 characters: 5 fails, 6 passes', () => {
    expect(messages({ ...tech, password: '12345' })).toEqual([AUTH_MESSAGES.passwordTooShort]);
    expect(messages({ ...tech, password: '123456' })).toEqual([]);
    expect(messages({ ...tech, password: '' })).toContain(AUTH_MESSAGES.passwordRequired);
  });
  it('requires a valid email and lower-cases it', () => {
    expect(messages({ ...tech, email: '' })).toContain(AUTH_MESSAGES.emailRequired);
    expect(messages({ ...tech, email: 'nope' })).toEqual([AUTH_MESSAGES.emailInvalid]);
    expect(signUpRequestSchema.parse({ ...tech, email: ' Ann@B.CO ' }).email).toBe('ann@b.co');
  });
  it('upper-cases shop codes and checks their shape', () => {
    expect(signUpRequestSchema.parse({ ...manager, shopCode: 'shopab12cd' }).shopCode).toBe('SHOPAB12CD');
    expect(messages({ ...manager, shopCode: 'SHOP12' })).toEqual([AUTH_MESSAGES.shopCodeFormat]);
    expect(messages({ ...manager, shopCode: 'X'.repeat(21) })).toContain(AUTH_MESSAGES.shopCodeTooLong);
  });
  it('shows every message at once when several fields are wrong', () => {
    const all = messages({ email: '', password: '', fullName: '', role: 'manager', shopCode: '' });
    expect(all).toEqual(
      expect.arrayContaining([
        AUTH_MESSAGES.emailRequired,
        AUTH_MESSAGES.fullNameRequired,
        AUTH_MESSAGES.managerShopCode,
      ]),
    );
  });
  it('rejects an unknown role with its message', () => {
    expect(messages({ ...tech, role: 'admin' })).toEqual([AUTH_MESSAGES.roleRequired]);
  });
});

describe('sign-in rules', () => {
  it('requires email and a password of at least 6', () => {
    expect(signInRequestSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
    expect(signInRequestSchema.safeParse({ email: 'a@b.co', password: '12345' }).success).toBe(false);
    expect(signInRequestSchema.safeParse({ email: '', password: '123456' }).success).toBe(false);
  });
});
