/**
 * The addresses the single-page app has a page for (src/web/app/app.tsx; a unit test keeps the two lists
 * the same). The server answers any other address with the app's Not found page and HTTP 404,
 * not 200, so a mistyped or stale link is a real 404 to browsers, crawlers and monitors.
 */
export const CLIENT_ROUTES = [
  '/',
  '/free-test',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/plans',
  '/verify-email',
  '/terms',
  '/unsubscribe',
  '/editor/questions',
  '/app/setup',
  '/app/onboarding/experience',
  '/app',
  '/manager/certifications',
  '/app/practice',
  '/app/progress',
  '/app/study',
  '/app/exams',
  '/app/tests/:id',
  '/app/study/:code',
  '/app/study/:code/:chapter/:section',
  '/app/adaptive-mastery',
  '/app/adaptive-mastery/confirm',
  '/app/profile',
  '/app/analytics',
  '/app/mastery',
  '/app/achievements',
  '/app/master-challenge',
  '/app/master-challenge/:id',
  '/app/leaderboard',
  '/app/review',
  '/app/notifications',
  '/manager/profile',
  '/manager/subscription-required',
  '/manager/shop-setup',
  '/manager/plans',
  '/manager/payment',
  '/manager/subscription',
  '/manager/analytics',
  '/manager/technicians/:techId',
  '/manager/notifications',
  '/manager',
] as const;

const PATTERNS = CLIENT_ROUTES.map((route) => route.split('/').filter(Boolean));

/** Whether the app has a page at `path` (no query string): each `:name` stands for one non-empty segment. */
export function isClientRoute(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  // A trailing slash is the same page (React Router matches /app/ as /app); an empty segment inside is not.
  if (/\/\/|\/$/.test(path.replace(/\/$/, '')) || !path.startsWith('/')) return false;
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === decodeSegment(segments[i] as string)),
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
