import { useState } from 'react';
import { EXAM_DURATION_SECONDS, EXAM_QUESTION_COUNT } from '../../../domain/exam-assembly';
import { ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useCategories } from '../categories/api';
import { TechHeader } from '../tech/tech-header';
import { StartTestButton } from './start-test-button';

/** The exam selector: the full comprehensive exam or one category (SPEC §2). */
export default function ExamPickerPage() {
  const categories = useCategories();
  const [choice, setChoice] = useState<string>('full');
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold">ASE Practice Exams</h1>
        <p className="mt-2 text-slate-700">
          {EXAM_QUESTION_COUNT} questions · {EXAM_DURATION_SECONDS / 60} minutes. The exam submits itself when time runs
          out.
        </p>
        {categories.isPending && <Spinner />}
        <ErrorBox message={categories.error ? errorMessage(categories.error) : null} />
        {categories.data && (
          <fieldset className="mt-6 space-y-2">
            <legend className="font-semibold">Select Exam</legend>
            {[
              { id: 'full', label: 'Full Comprehensive Exam (all categories)' },
              ...categories.data.map((c) => ({ id: c.id, label: `${c.code} ${c.name}` })),
            ].map((option) => (
              <label
                key={option.id}
                className={`flex cursor-pointer items-center gap-3 rounded-xl border-2 bg-white p-4 ${choice === option.id ? 'border-blue-700' : 'border-slate-200'}`}
              >
                <input
                  type="radio"
                  name="exam"
                  value={option.id}
                  checked={choice === option.id}
                  onChange={() => setChoice(option.id)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        )}
        <div className="mt-6 flex gap-3">
          <StartTestButton
            request={{ kind: 'exam', categoryId: choice === 'full' ? null : choice }}
            label="Start Exam"
          />
          <ButtonLink to="/app" variant="secondary" size="sm">
            Back to Dashboard
          </ButtonLink>
        </div>
      </main>
    </div>
  );
}
