import type { onRequestHookHandler, onSendHookHandler } from 'fastify';

/**
 * Browser features TorquePrep never uses, switched off for its pages and anything they embed:
 * a script that got in cannot reach the camera, microphone, location or payment sheet through us.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
].join(', ');

export const permissionsPolicy: onRequestHookHandler = (_request, reply, done) => {
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  done();
};

/**
 * `Cache-Control: no-store` on every API answer that does not choose its own: most are one
 * user's data, and a shared or back-button cache must not hand them to the next person at the computer.
 * The few public ones (categories, the free test) are small and change with the content; not caching
 * them costs nothing worth the risk of a route forgetting the header.
 */
export const noStoreApiResponses: onSendHookHandler = (request, reply, payload, done) => {
  if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
};
