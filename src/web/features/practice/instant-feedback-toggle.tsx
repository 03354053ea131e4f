import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAuth } from '../../app/auth-context';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { useInstantFeedbackSetting } from './api';

/**
 * The instant-feedback setting: self-started category tests show each answer's explanation
 * as soon as it is chosen, and the answer locks. Remembered on the technician's profile; exams and
 * assigned tests never use it (the server decides).
 */
export function InstantFeedbackToggle() {
  const id = useId();
  const { me } = useAuth();
  const errorText = useErrorText();
  const save = useInstantFeedbackSetting();
  const on = save.isPending ? Boolean(save.variables) : Boolean(me?.user.instantFeedback);
  return (
    <div className="flex items-start gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={`${id}-hint`}
        disabled={save.isPending}
        onClick={() => save.mutate(!on, { onError: (error) => toast.error(errorText(error)) })}
        className={`relative mt-0.5 inline-flex h-8 w-14 shrink-0 items-center rounded-full p-1 transition-colors before:absolute before:-inset-2 ${on ? 'bg-blue-700' : 'bg-slate-400'}`}
      >
        <span className="sr-only">
          <FormattedMessage id="practice.instant.label" />
        </span>
        <span
          aria-hidden="true"
          className={`h-6 w-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : ''}`}
        />
      </button>
      <div>
        <label htmlFor={id} className="font-semibold text-slate-900">
          <FormattedMessage id="practice.instant.label" />
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          <FormattedMessage id="practice.instant.hint" />
        </p>
      </div>
    </div>
  );
}
