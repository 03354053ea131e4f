import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, clientErrorReport } from './client-errors';

describe('client error report', () => {
  it('carries the error, its first stack lines and the route pattern, nothing else', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'map')");
    error.stack = [error.message, ...Array.from({ length: 30 }, (_, i) => `    at frame${i} (app.js:1:${i})`)].join(
      '\n',
    );
    const report = clientErrorReport('render', error, '/app/tests/:id');
    expect(Object.keys(report).sort()).toEqual(['kind', 'message', 'route', 'stack']);
    expect(report).toMatchObject({ kind: 'render', message: error.message, route: '/app/tests/:id' });
    expect(report.stack?.split('\n')).toHaveLength(12);
    expect(report.stack?.split('\n')[1]).toBe('    at frame0 (app.js:1:0)');
  });

  it('cuts every field to the limits the server accepts', () => {
    const error = new Error('m'.repeat(2000));
    error.stack = 's'.repeat(10_000);
    const report = clientErrorReport('chunk', error, `/${'r'.repeat(500)}`);
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(report.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(report.route).toHaveLength(CLIENT_ERROR_LIMITS.route);
  });

  it('reports a thrown value that is not an Error by its text, without a stack', () => {
    expect(clientErrorReport('render', 'plain text', '*')).toEqual({
      kind: 'render',
      message: 'plain text',
      route: '*',
    });
    expect(clientErrorReport('render', null, '/')).toEqual({ kind: 'render', message: 'null', route: '/' });
  });
});
