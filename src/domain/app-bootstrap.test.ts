import { describe, expect, it } from 'vitest';
import { BOOTSTRAPPED_ROUTES, isBootstrappedRoute, jsonForScript } from './app-bootstrap';

describe('jsonForScript', () => {
  it('leaves nothing that can end or comment out a <script> element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & > \u2028\u2029', n: [1, null, true] };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('isBootstrappedRoute', () => {
  it('names exactly the two dashboards', () => {
    expect(Object.keys(BOOTSTRAPPED_ROUTES)).toEqual(['/app', '/manager']);
    expect(isBootstrappedRoute('/app')).toBe(true);
    expect(isBootstrappedRoute('/manager')).toBe(true);
    for (const path of ['/app/', '/app/practice', '/managerx', '/', 'toString', '__proto__']) {
      expect(isBootstrappedRoute(path), path).toBe(false);
    }
  });
});
