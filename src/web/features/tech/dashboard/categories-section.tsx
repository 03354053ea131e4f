import { BookOpen } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CategoryProgress } from '../../../../domain/contracts/practice';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/form';
import { useCategoryDescription, useCategoryName } from '../../../i18n/category-name';
import { useErrorText } from '../../../i18n/i18n-provider';
import { useCategories } from '../../categories';
import { InstantFeedbackToggle, StartTestButton } from '../../practice';
import { card } from './card';
import { CategoryCardsSkeleton } from './dashboard-skeleton';

/**
 * Practice by Category: each card has Study and Start Test (Resume when a test of that
 * category is open) and shows the last score.
 */
export function CategoriesSection({ progress }: { progress: CategoryProgress[] | undefined }) {
  const categoryName = useCategoryName();
  const categoryDescription = useCategoryDescription();
  const intl = useIntl();
  const errorText = useErrorText();
  const categories = useCategories();
  const byId = new Map((progress ?? []).map((p) => [p.categoryId, p]));
  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title" className="text-xl font-semibold">
        <FormattedMessage id="tech.categories.title" />
      </h2>
      <div className={`${card} mt-3`}>
        <InstantFeedbackToggle />
      </div>
      {categories.isPending && <CategoryCardsSkeleton />}
      {categories.error && (
        <div className="mt-3 space-y-3">
          <ErrorBox message={errorText(categories.error)} />
          <Button onClick={() => void categories.refetch()}>
            <FormattedMessage id="common.tryAgain" />
          </Button>
        </div>
      )}
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {categories.data?.map((c) => {
          const p = byId.get(c.id);
          const name = `${c.code} ${categoryName(c.code, c.name)}`;
          return (
            <li key={c.id} className={`${card} flex flex-col`}>
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold">
                  <span className="text-blue-800">{c.code}</span> {categoryName(c.code, c.name)}
                </h3>
                {p?.lastScore != null && (
                  <p
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${p.lastPassed ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
                  >
                    <FormattedMessage
                      id="tech.categories.last"
                      values={{
                        score: intl.formatNumber(p.lastScore / 100, { style: 'percent' }),
                        passed: Boolean(p.lastPassed),
                      }}
                    />
                  </p>
                )}
              </div>
              {/* On a phone the card is a name and two buttons: eight of them stay short. The wrapper grows to
                  keep the buttons at the card's foot; the clamped paragraph inside stays exactly two lines tall
                  (grown itself, it would show part of a third line below the ellipsis). */}
              <div className="mt-1 hidden flex-1 sm:block">
                <p className="line-clamp-2 text-sm text-slate-700">{categoryDescription(c.code, c.description)}</p>
              </div>
              <div className="mt-3 grid grid-cols-2 gap-2">
                <ButtonLink
                  to={`/app/study/${c.code}`}
                  variant="secondary"
                  className="px-2"
                  aria-label={intl.formatMessage({ id: 'tech.categories.studyNamed' }, { name })}
                >
                  <BookOpen className="h-4 w-4" aria-hidden="true" />
                  <FormattedMessage id="tech.categories.study" />
                </ButtonLink>
                <StartTestButton
                  request={{ kind: 'category', categoryId: c.id }}
                  openSessionId={p?.openSessionId}
                  context={name}
                  className="px-2"
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
