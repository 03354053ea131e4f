import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const from = (value?: string | string[]) => requestIdFrom({ headers: { 'x-request-id': value } });

describe('requestIdFrom', () => {
  it("keeps the balancer's id when it is a safe token", () => {
    expect(from('a1b2c3d4:0F.1-x_y')).toBe('a1b2c3d4:0F.1-x_y');
    expect(from('x'.repeat(128))).toBe('x'.repeat(128));
  });

  it('makes one when there is none, or it is too long, empty, repeated or unsafe', () => {
    for (const value of [undefined, '', 'x'.repeat(129), ['a', 'b'], 'id with spaces', 'id\nforged log', '<script>']) {
      expect(from(value)).toMatch(UUID);
    }
  });

  it('makes a different one each time', () => {
    expect(from()).not.toBe(from());
  });
});
