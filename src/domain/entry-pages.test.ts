import { describe, expect, it } from 'vitest';
import {
  ENTRY_PAGE_PATHS,
  entryPageFile,
  entryPageParams,
  entryPageVariant,
  entryPageVariants,
  entryPageVariantUrl,
  signUpRoleFromQuery,
} from './entry-pages';

describe('the sign-up role from the address', () => {
  it('is Shop Manager only for role=manager, and never on an invite link', () => {
    expect(signUpRoleFromQuery('manager')).toBe('manager');
    expect(signUpRoleFromQuery('manager', true)).toBe('tech');
    for (const other of ['tech', 'Manager', 'MANAGER', 'admin', '', null, undefined, ['manager', 'manager'], 1]) {
      expect(signUpRoleFromQuery(other)).toBe('tech');
    }
  });
});

describe('entry page variants', () => {
  it('picks the file the address renders: the reset form with a token, sign-up on Shop Manager with role=manager', () => {
    expect(entryPageVariant('/reset-password', { token: 'abc' })).toBe('with-token');
    expect(entryPageVariant('/reset-password', { token: '' })).toBe('default');
    expect(entryPageVariant('/sign-up', { role: 'manager' })).toBe('manager');
    expect(entryPageVariant('/sign-up', { role: 'manager', lang: 'es' })).toBe('manager');
    // A repeated parameter arrives as a list: the browser's first render reads it as no role, so the HTML does too.
    expect(entryPageVariant('/sign-up', { role: ['manager', 'tech'] })).toBe('default');
    expect(entryPageVariant('/sign-up', { role: 'tech' })).toBe('default');
    expect(entryPageVariant('/sign-up', {})).toBe('default');
    expect(entryPageVariant('/sign-in', { role: 'manager' })).toBe('default');
    expect(entryPageFile('/sign-up', 'es', 'manager')).toBe('page.sign-up.manager.es.html');
  });

  it('renders every variant from an address whose own variant it is, with only parameters the page accepts', () => {
    for (const path of ENTRY_PAGE_PATHS) {
      for (const variant of entryPageVariants(path)) {
        const url = new URL(entryPageVariantUrl(path, variant), 'http://localhost');
        expect(url.pathname).toBe(path);
        const query = Object.fromEntries(url.searchParams);
        expect(Object.keys(query).every((key) => entryPageParams(path).includes(key))).toBe(true);
        expect(entryPageVariant(path, query)).toBe(variant);
      }
    }
  });
});
