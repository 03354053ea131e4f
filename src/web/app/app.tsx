import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { AchievementProvider } from '../features/achievements/achievement-provider';
import { forgetSignedInUser, isSignedOutError } from '../features/auth/api';
import { type FixedCatalogue, I18nProvider } from '../i18n/i18n-provider';
import { lazyPage } from '../i18n/lazy-page';
import { LocaleSync } from '../i18n/locale-sync';
import { AuthProvider, useAuth } from './auth-context';
import {
  AuthPage,
  ForgotPasswordPage,
  FreeTestPage,
  ManagerDashboardPage,
  PublicPlansPage,
  ResetPasswordPage,
  TechDashboardPage,
} from './entry-pages';
import { RouteBoundary } from './error-boundary';
import { RequireGate } from './gate';
import { OfflineBanner, UpdatePrompt } from './pwa';
import { retryDelay, retryRead } from './retry-policy';
import { bootstrapStaleTime, startRouteData } from './route-data';
import { RouteFocus } from './route-focus';
import { Toaster } from './toaster';

// Not found is rare, so it loads when needed rather than with every visit (ADR 0051).
const NotFoundPage = lazyPage(async () => ({ default: (await import('./not-found-page')).NotFoundPage }), []);
const HomePage = lazyPage(() => import('../features/home/home-page'), ['home']);
const TermsPage = lazyPage(() => import('../features/legal/terms-page'), ['legal']);
const VerifyEmailPage = lazyPage(() => import('../features/account/verify-email-page'), ['account']);
const SettingUpPage = lazyPage(() => import('../features/onboarding/setting-up-page'), ['onboarding']);
const ExperienceSurveyPage = lazyPage(
  () => import('../features/onboarding/experience-survey-page'),
  ['onboarding', 'auth'],
);
const SubscriptionRequiredPage = lazyPage(
  () => import('../features/onboarding/subscription-required-page'),
  ['onboarding', 'billing'],
);
const TechSectionPage = lazyPage(() => import('../features/tech/tech-section-page'), []);
const AchievementsPage = lazyPage(() => import('../features/achievements/achievements-page'), ['tech', 'achievements']);
const PracticePage = lazyPage(() => import('../features/tech/practice-page'), ['tech', 'practice']);
const ProgressPage = lazyPage(() => import('../features/tech/progress-page'), ['tech']);
const TestRunnerPage = lazyPage(
  () => import('../features/practice/test-runner-page'),
  ['practice', 'messages', 'review'],
);
const ExamPickerPage = lazyPage(() => import('../features/practice/exam-picker-page'), ['practice']);
const StudyIndexPage = lazyPage(() => import('../features/study/study-index-page'), ['study']);
const StudyGuidePage = lazyPage(() => import('../features/study/study-guide-page'), ['study', 'practice']);
const ManagerProfilePage = lazyPage(() => import('../features/manager/manager-profile-page'), ['profile', 'account']);
const TechProfilePage = lazyPage(
  () => import('../features/profile/tech-profile-page'),
  ['profile', 'account', 'billing', 'certifications'],
);
const ShopCertificationsPage = lazyPage(
  () => import('../features/certifications/shop-certifications-page'),
  ['manager', 'certifications'],
);
const ShopSetupPage = lazyPage(() => import('../features/billing/shop-setup-page'), ['billing']);
const PlansPage = lazyPage(() => import('../features/billing/plans-page'), ['billing']);
const PaymentPage = lazyPage(() => import('../features/billing/payment-page'), ['billing']);
const AdaptiveMasteryPage = lazyPage(
  () => import('../features/adaptive-mastery/adaptive-mastery-page'),
  ['adaptive-mastery', 'billing'],
);
const MasteryConfirmPage = lazyPage(
  () => import('../features/adaptive-mastery/confirm-page'),
  ['adaptive-mastery', 'billing'],
);
const SubscriptionPage = lazyPage(() => import('../features/billing/subscription-page'), ['billing']);
const MasterChallengePage = lazyPage(
  () => import('../features/master-challenge/master-challenge-page'),
  ['master-challenge', 'account'],
);
const ChallengeAttemptPage = lazyPage(() => import('../features/master-challenge/attempt-page'), ['master-challenge']);
const LeaderboardPage = lazyPage(
  () => import('../features/master-challenge/leaderboard-page'),
  ['master-challenge', 'account'],
);
const AnalyticsPage = lazyPage(() => import('../features/analytics/analytics-page'), ['analytics', 'review']);
const MasteryPage = lazyPage(
  () => import('../features/mastery/mastery-page'),
  ['mastery', 'practice', 'adaptive-mastery'],
);
const ShopAnalyticsPage = lazyPage(() => import('../features/analytics/shop-analytics-page'), ['analytics']);
const ReviewSessionPage = lazyPage(() => import('../features/review/review-session-page'), ['review', 'practice']);
const EditorQuestionsPage = lazyPage(() => import('../features/editor/editor-questions-page'), ['editor']);
const NotificationsPage = lazyPage(() => import('../features/notifications/notifications-page'), ['notifications']);
const UnsubscribePage = lazyPage(
  () => import('../features/notifications/unsubscribe-page'),
  ['notifications', 'account'],
);
const TechnicianAnalyticsPage = lazyPage(
  () => import('../features/analytics/technician-analytics-page'),
  ['analytics', 'mastery'],
);

/**
 * The signed-in pages, each behind the gate (in order: loading, signed out, subscription gate, role
 * dashboard). React Router ranks paths by specificity, so `/app/:section` never shadows a named page.
 */
const GATED_ROUTES: [path: string, Page: ComponentType][] = [
  ['/app/setup', SettingUpPage],
  ['/app/onboarding/experience', ExperienceSurveyPage],
  ['/app', TechDashboardPage],
  ['/manager/certifications', ShopCertificationsPage],
  ['/app/practice', PracticePage],
  ['/app/progress', ProgressPage],
  ['/app/study', StudyIndexPage],
  ['/app/exams', ExamPickerPage],
  ['/app/tests/:id', TestRunnerPage],
  ['/app/study/:code', StudyGuidePage],
  ['/app/study/:code/:chapter/:section', StudyGuidePage],
  ['/app/adaptive-mastery', AdaptiveMasteryPage],
  ['/app/adaptive-mastery/confirm', MasteryConfirmPage],
  ['/app/profile', TechProfilePage],
  ['/app/analytics', AnalyticsPage],
  ['/app/mastery', MasteryPage],
  ['/app/achievements', AchievementsPage],
  ['/app/master-challenge', MasterChallengePage],
  ['/app/master-challenge/:id', ChallengeAttemptPage],
  ['/app/leaderboard', LeaderboardPage],
  ['/app/review', ReviewSessionPage],
  ['/app/notifications', NotificationsPage],
  ['/app/:section', TechSectionPage],
  ['/manager/profile', ManagerProfilePage],
  ['/manager/subscription-required', SubscriptionRequiredPage],
  ['/manager/shop-setup', ShopSetupPage],
  ['/manager/plans', PlansPage],
  ['/manager/payment', PaymentPage],
  ['/manager/subscription', SubscriptionPage],
  ['/manager/analytics', ShopAnalyticsPage],
  ['/manager/technicians/:techId', TechnicianAnalyticsPage],
  ['/manager/notifications', NotificationsPage],
  ['/manager', ManagerDashboardPage],
];

/**
 * A route whose page renders inside its own error boundary (ADR 0051): a page that throws shows "Something
 * went wrong on this page" with Try again, and the rest of the app keeps working.
 */
function page(path: string, element: ReactNode) {
  return <Route key={path} path={path} element={<RouteBoundary route={path}>{element}</RouteBoundary>} />;
}

/** The homepage inside the app (after a client-side navigation): Go to dashboard when signed in. */
function HomeRoute() {
  const { me } = useAuth();
  return <HomePage signedIn={me !== null} />;
}

/**
 * Any read refused for want of a session (signed out in another tab, session expired) forgets the user at
 * once, so the gate sends them to sign in with a return path instead of showing Try Again. A refused
 * action (a mutation) is left to its form, which says the spec's words for it ('Please log in to subscribe.',
 * 'You must be logged in to assign tests') with a Sign In link, and keeps what was typed.
 */
function forgetUserWhenSignedOut(error: unknown) {
  if (isSignedOutError(error)) forgetSignedInUser(queryClient);
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetUserWhenSignedOut }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // The client's one retry policy (ADR 0051): api() itself sends each request once.
      retry: retryRead,
      retryDelay,
      // What came with the page's HTML is not asked for again on its first render (ADR 0054).
      staleTime: bootstrapStaleTime,
    },
  },
});
// Before the first render: the signed-in dashboard's data from the HTML, else its reads and code at once.
startRouteData(queryClient);

/** The signed-in user's time zone for dates and times: the server renders a signed-in page in it too. */
function Language({ fixed, children }: { fixed?: FixedCatalogue | undefined; children: ReactNode }) {
  const { me } = useAuth();
  return (
    <I18nProvider fixed={fixed} timeZone={me?.user.timeZone ?? undefined}>
      {children}
    </I18nProvider>
  );
}

/**
 * The app in the browser, or rendered to HTML (src/web/prerender-entry.tsx): there with the server's
 * StaticRouter, a query client of the request's own (one visitor's data never reaches another's page) and the
 * language the server chose, fixed for the render.
 */
export function App({
  Router = BrowserRouter,
  client = queryClient,
  language,
}: {
  Router?: ComponentType<{ children: ReactNode }>;
  client?: QueryClient;
  language?: FixedCatalogue;
}) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Language fixed={language}>
          <LocaleSync />
          <OfflineBanner />
          <Router>
            <RouteFocus />
            <AchievementProvider>
              <Suspense fallback={<FullPageSpinner />}>
                <Routes>
                  {page('/', <HomeRoute />)}
                  {page('/free-test', <FreeTestPage />)}
                  {page('/sign-in', <AuthPage mode="sign-in" />)}
                  {page('/sign-up', <AuthPage mode="sign-up" />)}
                  {page('/forgot-password', <ForgotPasswordPage />)}
                  {page('/reset-password', <ResetPasswordPage />)}
                  {page('/plans', <PublicPlansPage />)}
                  {page('/verify-email', <VerifyEmailPage />)}
                  {page('/terms', <TermsPage />)}
                  {page('/unsubscribe', <UnsubscribePage />)}
                  {/* Editors only (ADR 0020); the page shows Not found to everyone else, as the API answers 404. */}
                  {page('/editor/questions', <EditorQuestionsPage />)}
                  {GATED_ROUTES.map(([path, Page]) =>
                    page(
                      path,
                      <RequireGate>
                        <Page />
                      </RequireGate>,
                    ),
                  )}
                  {page('*', <NotFoundPage />)}
                </Routes>
              </Suspense>
            </AchievementProvider>
          </Router>
          <Toaster />
          <UpdatePrompt />
        </Language>
      </AuthProvider>
    </QueryClientProvider>
  );
}
