import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { FullPageSpinner } from '../components/ui/spinner';
import { HomePage } from '../features/home/home-page';
import { I18nProvider } from '../i18n/i18n-provider';
import { lazyPage } from '../i18n/lazy-page';
import { LocaleSync } from '../i18n/locale-sync';
import { AuthProvider, useAuth } from './auth-context';
import { RequireGate } from './gate';
import { NotFoundPage } from './not-found-page';
import { RouteFocus } from './route-focus';

const FreeTestPage = lazyPage(() => import('../features/free-test/free-test-page'), ['free-test']);
const AuthPage = lazyPage(() => import('../features/auth/auth-page'), ['account']);
const ForgotPasswordPage = lazyPage(() => import('../features/account/forgot-password-page'), ['account']);
const ResetPasswordPage = lazyPage(() => import('../features/account/reset-password-page'), ['account']);
const SettingUpPage = lazyPage(() => import('../features/onboarding/setting-up-page'), []);
const ExperienceSurveyPage = lazyPage(() => import('../features/onboarding/experience-survey-page'), []);
const SubscriptionRequiredPage = lazyPage(() => import('../features/onboarding/subscription-required-page'), []);
const TechDashboardPage = lazyPage(() => import('../features/tech/tech-dashboard-page'), ['tech', 'practice']);
const TechSectionPage = lazyPage(() => import('../features/tech/tech-section-page'), []);
const PracticePage = lazyPage(() => import('../features/tech/practice-page'), ['tech', 'practice']);
const ProgressPage = lazyPage(() => import('../features/tech/progress-page'), ['tech']);
const TestRunnerPage = lazyPage(() => import('../features/practice/test-runner-page'), ['practice', 'messages']);
const ExamPickerPage = lazyPage(() => import('../features/practice/exam-picker-page'), ['practice']);
const StudyIndexPage = lazyPage(() => import('../features/study/study-index-page'), ['study']);
const StudyGuidePage = lazyPage(() => import('../features/study/study-guide-page'), ['study', 'practice']);
const ManagerDashboardPage = lazyPage(() => import('../features/manager/manager-dashboard-page'), ['manager']);
const ManagerProfilePage = lazyPage(() => import('../features/manager/manager-profile-page'), ['profile', 'account']);
const TechProfilePage = lazyPage(() => import('../features/profile/tech-profile-page'), ['profile', 'account']);
const ShopSetupPage = lazyPage(() => import('../features/billing/shop-setup-page'), []);
const PlansPage = lazyPage(() => import('../features/billing/plans-page'), []);
const PaymentPage = lazyPage(() => import('../features/billing/payment-page'), []);
const AdaptiveMasteryPage = lazyPage(() => import('../features/adaptive-mastery/adaptive-mastery-page'), []);
const MasteryConfirmPage = lazyPage(() => import('../features/adaptive-mastery/confirm-page'), []);
const SubscriptionPage = lazyPage(() => import('../features/billing/subscription-page'), []);
const MasterChallengePage = lazyPage(
  () => import('../features/master-challenge/master-challenge-page'),
  ['master-challenge'],
);
const ChallengeAttemptPage = lazyPage(() => import('../features/master-challenge/attempt-page'), ['master-challenge']);
const LeaderboardPage = lazyPage(() => import('../features/master-challenge/leaderboard-page'), ['master-challenge']);
const AnalyticsPage = lazyPage(() => import('../features/analytics/analytics-page'), ['analytics']);
const MasteryPage = lazyPage(() => import('../features/mastery/mastery-page'), ['mastery', 'practice']);
const ShopAnalyticsPage = lazyPage(() => import('../features/analytics/shop-analytics-page'), ['analytics']);
const TechnicianAnalyticsPage = lazyPage(
  () => import('../features/analytics/technician-analytics-page'),
  ['analytics', 'mastery'],
);

/** The homepage inside the app (after a client-side navigation): Go to dashboard when signed in. */
function HomeRoute() {
  const { me } = useAuth();
  return <HomePage signedIn={me !== null} />;
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AuthProvider>
          <LocaleSync />
          <BrowserRouter>
            <RouteFocus />
            <Suspense fallback={<FullPageSpinner />}>
              <Routes>
                <Route path="/" element={<HomeRoute />} />
                <Route path="/free-test" element={<FreeTestPage />} />
                <Route path="/sign-in" element={<AuthPage mode="sign-in" />} />
                <Route path="/sign-up" element={<AuthPage mode="sign-up" />} />
                <Route path="/forgot-password" element={<ForgotPasswordPage />} />
                <Route path="/reset-password" element={<ResetPasswordPage />} />
                <Route
                  path="/app/setup"
                  element={
                    <RequireGate>
                      <SettingUpPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/onboarding/experience"
                  element={
                    <RequireGate>
                      <ExperienceSurveyPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app"
                  element={
                    <RequireGate>
                      <TechDashboardPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/practice"
                  element={
                    <RequireGate>
                      <PracticePage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/progress"
                  element={
                    <RequireGate>
                      <ProgressPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/study"
                  element={
                    <RequireGate>
                      <StudyIndexPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/exams"
                  element={
                    <RequireGate>
                      <ExamPickerPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/tests/:id"
                  element={
                    <RequireGate>
                      <TestRunnerPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/study/:code"
                  element={
                    <RequireGate>
                      <StudyGuidePage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/study/:code/:chapter/:section"
                  element={
                    <RequireGate>
                      <StudyGuidePage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/adaptive-mastery"
                  element={
                    <RequireGate>
                      <AdaptiveMasteryPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/adaptive-mastery/confirm"
                  element={
                    <RequireGate>
                      <MasteryConfirmPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/profile"
                  element={
                    <RequireGate>
                      <TechProfilePage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/analytics"
                  element={
                    <RequireGate>
                      <AnalyticsPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/mastery"
                  element={
                    <RequireGate>
                      <MasteryPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/master-challenge"
                  element={
                    <RequireGate>
                      <MasterChallengePage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/master-challenge/:id"
                  element={
                    <RequireGate>
                      <ChallengeAttemptPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/leaderboard"
                  element={
                    <RequireGate>
                      <LeaderboardPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/app/:section"
                  element={
                    <RequireGate>
                      <TechSectionPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager/profile"
                  element={
                    <RequireGate>
                      <ManagerProfilePage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager/subscription-required"
                  element={
                    <RequireGate>
                      <SubscriptionRequiredPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager/shop-setup"
                  element={
                    <RequireGate>
                      <ShopSetupPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager/plans"
                  element={
                    <RequireGate>
                      <PlansPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager/payment"
                  element={
                    <RequireGate>
                      <PaymentPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager/subscription"
                  element={
                    <RequireGate>
                      <SubscriptionPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager/analytics"
                  element={
                    <RequireGate>
                      <ShopAnalyticsPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager/technicians/:techId"
                  element={
                    <RequireGate>
                      <TechnicianAnalyticsPage />
                    </RequireGate>
                  }
                />
                <Route
                  path="/manager"
                  element={
                    <RequireGate>
                      <ManagerDashboardPage />
                    </RequireGate>
                  }
                />
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </BrowserRouter>
          <Toaster position="top-center" richColors closeButton />
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
