import { Flag } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { REPORT_REASONS, type ReportReason } from '../../../domain/constants';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Textarea } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { useReportQuestion } from './api';

const REASON_LABEL: Record<ReportReason, string> = {
  wrong_answer_key: 'review.report.reason.wrongAnswerKey',
  unclear: 'review.report.reason.unclear',
  outdated: 'review.report.reason.outdated',
  typo: 'review.report.reason.typo',
  other: 'review.report.reason.other',
};

/**
 * Report a question from any screen that reviews it: a reason and an optional note, once per
 * question; a second report says so. Pages that render it load the `review` namespace.
 */
export function ReportQuestionButton({ questionId }: { questionId: string }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const report = useReportQuestion(questionId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const done = report.isSuccess || (report.error instanceof ApiError && report.error.code === 'ALREADY_REPORTED');

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate({ reason, ...(note.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <>
      <Button variant="ghost" size="sm" className="px-2 text-slate-700" onClick={() => setOpen(true)}>
        <Flag className="h-4 w-4" aria-hidden="true" />
        {done ? <FormattedMessage id="review.report.reported" /> : <FormattedMessage id="review.report.open" />}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={<FormattedMessage id="review.report.title" />}
        description={<FormattedMessage id="review.report.description" />}
        closeLabel={intl.formatMessage({ id: 'common.close' })}
      >
        {report.isSuccess ? (
          <div className="space-y-4">
            <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
              <FormattedMessage id="review.report.thanks" />
            </p>
            <Button onClick={() => setOpen(false)}>
              <FormattedMessage id="common.close" />
            </Button>
          </div>
        ) : (
          <form onSubmit={send} className="space-y-4" noValidate>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">
                <FormattedMessage id="review.report.reasonLabel" />
              </legend>
              <div className="mt-2 space-y-2">
                {REPORT_REASONS.map((value) => (
                  <label
                    key={value}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600"
                  >
                    <input
                      type="radio"
                      name="report-reason"
                      value={value}
                      checked={reason === value}
                      onChange={() => {
                        setReason(value);
                        setMissingReason(false);
                      }}
                      className="h-4 w-4"
                    />
                    <FormattedMessage id={REASON_LABEL[value]} />
                  </label>
                ))}
              </div>
              {missingReason && (
                <p className="mt-2 text-sm font-medium text-red-700">
                  <FormattedMessage id="review.report.chooseReason" />
                </p>
              )}
            </fieldset>
            <Field label={intl.formatMessage({ id: 'review.report.noteLabel' })}>
              {(props) => (
                <Textarea {...props} value={note} maxLength={1000} rows={3} onChange={(e) => setNote(e.target.value)} />
              )}
            </Field>
            <ErrorBox message={report.error ? errorText(report.error) : null} />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                <FormattedMessage id="review.report.cancel" />
              </Button>
              <Button type="submit" disabled={report.isPending || done}>
                <FormattedMessage id="review.report.send" />
              </Button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
