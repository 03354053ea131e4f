import { FormattedMessage } from 'react-intl';
import { TechHeader } from '../../components/tech-header';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { usePracticeDashboard } from '../practice';
import { CategoriesSection } from './dashboard/categories-section';
import { ContinueCard } from './dashboard/continue-card';
import { PracticeOptionsSection } from './dashboard/practice-options-section';

/** /app/practice — the Practice tab: unfinished tests, practice exams and every category. */
export default function PracticePage() {
  const errorText = useErrorText();
  const dashboard = usePracticeDashboard();
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="tech.practice.title" />
        </h1>
        {dashboard.isPending && <Spinner />}
        {dashboard.error && (
          <div className="space-y-3">
            <ErrorBox message={errorText(dashboard.error)} />
            <Button onClick={() => void dashboard.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
        {dashboard.data && <ContinueCard tests={dashboard.data.openTests} />}
        <PracticeOptionsSection />
        <CategoriesSection progress={dashboard.data?.categories} />
      </main>
    </div>
  );
}
