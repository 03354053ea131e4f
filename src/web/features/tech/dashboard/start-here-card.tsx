import { Flag } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { WARM_UP_QUESTIONS } from '../../../../domain/constants';
import { useCategoryName } from '../../../i18n/category-name';
import { useCategories } from '../../categories';
import { StartTestButton } from '../../practice';
import { CategoryChoicesSkeleton } from './dashboard-skeleton';

/**
 * A first visit's one clear step: which ASE test are you preparing for? Then a short warm-up
 * in it. Replaced by the stats once there is a result.
 */
export function StartHereCard() {
  const categoryName = useCategoryName();
  const categories = useCategories();
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? categories.data?.[0]?.id ?? null;
  return (
    <section
      aria-labelledby="start-here-title"
      className="rounded-xl bg-white p-4 shadow-sm ring-2 ring-blue-700 sm:p-6"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-blue-800">
        <Flag className="h-4 w-4" aria-hidden="true" />
        <FormattedMessage id="tech.startHere.eyebrow" />
      </p>
      <h2 id="start-here-title" className="mt-1 text-xl font-bold">
        <FormattedMessage id="tech.startHere.title" />
      </h2>
      <p className="mt-1 text-slate-700">
        <FormattedMessage id="tech.startHere.body" values={{ count: WARM_UP_QUESTIONS }} />
      </p>
      {categories.isPending && <CategoryChoicesSkeleton />}
      {categories.data && selected && (
        <>
          <fieldset className="mt-4">
            <legend className="sr-only">
              <FormattedMessage id="tech.startHere.title" />
            </legend>
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
              {categories.data.map((c) => (
                <label
                  key={c.id}
                  className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${selected === c.id ? 'border-blue-700 bg-blue-50' : 'border-slate-200'}`}
                >
                  <input
                    type="radio"
                    name="start-here"
                    value={c.id}
                    checked={selected === c.id}
                    onChange={() => setChoice(c.id)}
                    className="h-5 w-5 accent-blue-700"
                  />
                  <span>
                    <span className="font-semibold">{c.code}</span> {categoryName(c.code, c.name)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <StartTestButton
            request={{ kind: 'warm-up', categoryId: selected }}
            action="startWarmUp"
            count={WARM_UP_QUESTIONS}
            size="lg"
            className="mt-4 w-full sm:w-auto"
          />
        </>
      )}
    </section>
  );
}
