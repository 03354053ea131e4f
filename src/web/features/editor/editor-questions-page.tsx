import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LETTERS } from '../../../domain/content/letters';
import type { EditorQuestion } from '../../../domain/contracts/review';
import { useAuth } from '../../app/auth-context';
import { NotFoundPage } from '../../app/not-found-page';
import { AppHeader } from '../../components/app-header';
import { SignOutButton } from '../../components/sign-out-button';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Textarea } from '../../components/ui/form';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { useEditorQuestions, useResolveReport } from './api';

const REASON = {
  wrong_answer_key: 'editor.reason.wrongAnswerKey',
  unclear: 'editor.reason.unclear',
  outdated: 'editor.reason.outdated',
  typo: 'editor.reason.typo',
  other: 'editor.reason.other',
} as const;

const SUSPICION = {
  negative_discrimination: 'editor.suspicion.negativeDiscrimination',
  too_easy: 'editor.suspicion.tooEasy',
  too_hard: 'editor.suspicion.tooHard',
  unused_distractor: 'editor.suspicion.unusedDistractor',
} as const;

/**
 * The content editor's page (ADR 0020): reported and statistically suspicious questions first,
 * each with its statistics (answers, p-value, discrimination, picks per option) and its reports; an open
 * report is resolved with a note. Everyone who is not an editor gets the Not found page (the API says 404).
 */
export default function EditorQuestionsPage() {
  const { me, isLoading } = useAuth();
  const errorText = useErrorText();
  const list = useEditorQuestions();
  if (isLoading || list.isPending) return <FullPageSpinner />;
  if (!me || (list.error instanceof ApiError && list.error.status === 404)) return <NotFoundPage />;
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader home="/app" name={me.user.fullName}>
        <SignOutButton />
      </AppHeader>
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:py-8">
        <div>
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="editor.title" />
          </h1>
          <p className="mt-1 text-slate-700">
            <FormattedMessage id="editor.intro" values={{ min: list.data?.minAnswers ?? 0 }} />
          </p>
        </div>
        {list.error && <ErrorBox message={errorText(list.error)} />}
        {list.data && list.data.questions.length === 0 && (
          <p className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <FormattedMessage id="editor.empty" />
          </p>
        )}
        {list.data && list.data.questions.length > 0 && (
          <ol className="space-y-4">
            {list.data.questions.map((question) => (
              <EditorQuestionItem key={question.id} question={question} />
            ))}
          </ol>
        )}
      </main>
    </div>
  );
}

function EditorQuestionItem({ question }: { question: EditorQuestion }) {
  const intl = useIntl();
  const percent = (v: number | null) => (v === null ? '—' : intl.formatNumber(v, { style: 'percent' }));
  const stats = question.stats;
  return (
    <li
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby={`q-${question.id}`}
      data-question-id={question.id}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono font-semibold">{question.id}</span>
        <span className="text-slate-700">
          {question.categoryCode} · {question.contentArea}
        </span>
        {question.openReports > 0 && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">
            <FormattedMessage id="editor.openReports" values={{ count: question.openReports }} />
          </span>
        )}
        {question.suspicions.map((s) => (
          <span key={s} className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
            <FormattedMessage id={SUSPICION[s]} />
          </span>
        ))}
      </div>
      <h2 id={`q-${question.id}`} className="mt-2 font-semibold">
        {question.question}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {LETTERS.map((letter) => (
          <li key={letter} className={letter === question.correctAnswer ? 'font-semibold text-green-800' : ''}>
            {letter}. {question.options[letter]}{' '}
            <span className="text-slate-700">
              <FormattedMessage id="editor.picks" values={{ count: stats.picks[letter] }} />
            </span>
            {letter === question.correctAnswer && (
              <span>
                {' '}
                <FormattedMessage id="editor.key" />
              </span>
            )}
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div className="rounded-lg bg-slate-50 p-2">
          <dt className="text-slate-700">
            <FormattedMessage id="editor.stats.answered" />
          </dt>
          <dd className="font-bold tabular-nums">{stats.answered}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-2">
          <dt className="text-slate-700">
            <FormattedMessage id="editor.stats.pValue" />
          </dt>
          <dd className="font-bold tabular-nums">{percent(stats.pValue)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-2">
          <dt className="text-slate-700">
            <FormattedMessage id="editor.stats.discrimination" />
          </dt>
          <dd className="font-bold tabular-nums">
            {stats.discrimination === null
              ? '—'
              : intl.formatNumber(stats.discrimination, { maximumFractionDigits: 2, minimumFractionDigits: 2 })}
          </dd>
        </div>
      </dl>
      {question.reports.length > 0 && (
        <div className="mt-4">
          <h3 className="font-semibold">
            <FormattedMessage id="editor.reports" />
          </h3>
          <ul className="mt-2 space-y-3">
            {question.reports.map((report) => (
              <li key={report.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p>
                  <span className="font-semibold">
                    <FormattedMessage id={REASON[report.reason]} />
                  </span>{' '}
                  · {intl.formatDate(report.reportedAt, { dateStyle: 'medium' })}
                </p>
                {report.note && <p className="mt-1 text-slate-800">{report.note}</p>}
                {report.resolvedAt ? (
                  <p className="mt-2 rounded bg-green-50 p-2 text-green-900">
                    <FormattedMessage
                      id="editor.resolved"
                      values={{ date: intl.formatDate(report.resolvedAt, { dateStyle: 'medium' }) }}
                    />{' '}
                    {report.resolutionNote}
                  </p>
                ) : (
                  <ResolveForm reportId={report.id} />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

function ResolveForm({ reportId }: { reportId: string }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const resolve = useResolveReport();
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate({ id: reportId, note });
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-2" noValidate>
      <Field label={intl.formatMessage({ id: 'editor.resolveNote' })}>
        {(props) => (
          <Textarea {...props} value={note} rows={2} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        )}
      </Field>
      <ErrorBox message={resolve.error ? errorText(resolve.error) : null} />
      <Button type="submit" size="sm" disabled={resolve.isPending}>
        <FormattedMessage id="editor.resolve" />
      </Button>
    </form>
  );
}
