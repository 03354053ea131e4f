import { BookOpen, ChevronRight } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { TechHeader } from '../../components/tech-header';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText } from '../../i18n/i18n-provider';
import { useCategories } from '../categories';
import { readingPosition, readSections } from './reading-progress';

/** /app/study — the Study tab: every guide, where the technician left off and how much they have read. */
export default function StudyIndexPage() {
  const categoryName = useCategoryName();
  const errorText = useErrorText();
  const categories = useCategories();
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="study.index.title" />
        </h1>
        <p className="mt-1 text-slate-700">
          <FormattedMessage id="study.index.intro" />
        </p>
        {categories.isPending && <Spinner />}
        {categories.error && (
          <div className="mt-4 space-y-3">
            <ErrorBox message={errorText(categories.error)} />
            <Button onClick={() => void categories.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
        <ul className="mt-5 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {categories.data?.map((c) => {
            const position = readingPosition(c.code);
            const read = readSections(c.code).size;
            return (
              <li key={c.id}>
                <Link
                  to={`/app/study/${c.code}`}
                  className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-slate-50"
                >
                  <BookOpen className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900">
                      {c.code} {categoryName(c.code, c.name)}
                    </span>
                    <span className="text-sm text-slate-700">
                      {position ? (
                        <FormattedMessage
                          id="study.index.continue"
                          values={{ section: position.replace('/', '.'), read }}
                        />
                      ) : (
                        <FormattedMessage id="study.index.start" />
                      )}
                    </span>
                  </span>
                  <ChevronRight className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </main>
    </div>
  );
}
