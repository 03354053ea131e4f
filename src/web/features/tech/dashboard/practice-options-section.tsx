import { ClipboardList } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { EXAM_DURATION_SECONDS, EXAM_QUESTION_COUNT } from '../../../../domain/exam-assembly';
import { ButtonLink } from '../../../components/ui/button';
import { card } from './card';

/** Practice Options: ASE Practice Exams with Select Exam. */
export function PracticeOptionsSection() {
  return (
    <section aria-labelledby="options-title">
      <h2 id="options-title" className="text-xl font-semibold">
        <FormattedMessage id="tech.options.title" />
      </h2>
      <div className={`${card} mt-3 flex flex-wrap items-center justify-between gap-4`}>
        <div className="flex items-start gap-3">
          <ClipboardList className="mt-1 h-6 w-6 shrink-0 text-blue-700" aria-hidden="true" />
          <div>
            <h3 className="font-semibold">
              <FormattedMessage id="tech.options.exams" />
            </h3>
            <p className="text-sm text-slate-700">
              <FormattedMessage
                id="tech.options.examsBody"
                values={{ count: EXAM_QUESTION_COUNT, minutes: EXAM_DURATION_SECONDS / 60 }}
              />
            </p>
          </div>
        </div>
        <ButtonLink to="/app/exams" className="w-full sm:w-auto">
          <FormattedMessage id="tech.options.selectExam" />
        </ButtonLink>
      </div>
    </section>
  );
}
