import { z } from 'zod';
import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '../client-errors';

/**
 * A page that failed in the browser (ADR 0051): a render error caught by a route's error boundary, or a page's
 * code that could not be loaded (a deploy replaced it). The route is its pattern (`/app/tests/:id`), never the
 * address, so no id or query string travels; the server adds the user id it knows from the session.
 */
export const clientErrorReportSchema = z.strictObject({
  kind: z.enum(['render', 'chunk']),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  route: z
    .string()
    .max(CLIENT_ERROR_LIMITS.route)
    .regex(/^(?:\*|\/[\w\-/:*]*)$/, { message: 'messages.common.routePattern' }),
}) satisfies z.ZodType<ClientErrorReport>;
