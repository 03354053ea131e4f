import { type ReactNode, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { NotificationPreferences, UpdateNotificationPreferences } from '../../../domain/contracts/notifications';
import { useAuth } from '../../app/auth-context';
import { ProfileCard } from '../../components/profile-card';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Select } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { useNotificationPreferences, useUpdateNotificationPreferences } from './api';
import { dateOfWeekday } from './format';
import { emailSwitches, KIND_NAME, kindsOfSwitch, type SwitchableKind } from './kinds';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * The e-mail choices on both profiles (docs/PRODUCT.md#notifications): an e-mail switch per kind that concerns the person (in-app is always on, and
 * says so), the digest day (the manager's weekly digest, the technician's study nudge) and the manager's
 * "each completed test / one daily summary". Each change is saved at once and confirmed by a toast. Loaded
 * after the profile page with its words (notification-preferences.tsx).
 */
export default function NotificationPreferencesSection() {
  const { me } = useAuth();
  const role = me?.user.role;
  const intl = useIntl();
  const errorText = useErrorText();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const save = (change: UpdateNotificationPreferences) =>
    update.mutate(change, {
      onSuccess: () => toast.success(intl.formatMessage({ id: 'notifications.prefs.saved' })),
      onError: (error) =>
        toast.error(intl.formatMessage({ id: 'notifications.prefs.saveFailed' }, { reason: errorText(error) })),
    });

  let body: ReactNode;
  if (preferences.isPending) body = <Spinner />;
  else if (preferences.isError) {
    body = (
      <div className="space-y-3">
        <ErrorBox message={errorText(preferences.error)} />
        <Button variant="secondary" className="min-h-11" onClick={() => void preferences.refetch()}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </div>
    );
  } else {
    // While a change is saving, it shows as made.
    const pending = update.isPending ? update.variables : undefined;
    const shown: NotificationPreferences = {
      digestDay: pending?.digestDay ?? preferences.data.digestDay,
      completionEmails: pending?.completionEmails ?? preferences.data.completionEmails,
      email: { ...preferences.data.email },
    };
    for (const [kind, on] of Object.entries(pending?.email ?? {})) if (on !== undefined) shown.email[kind] = on;
    const manager = role === 'manager';
    body = (
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="notifications.prefs.inAppAlwaysOn" />
        </p>
        <fieldset>
          <legend className="mb-2 font-semibold text-slate-900">
            <FormattedMessage id="notifications.prefs.emailLegend" />
          </legend>
          <ul className="divide-y divide-slate-200">
            {emailSwitches(role).map((kind) => (
              <li key={kind} className="py-2">
                <EmailSwitch
                  kind={kind}
                  on={shown.email[kind] ?? false}
                  onChange={(on) => save({ email: Object.fromEntries(kindsOfSwitch(kind).map((k) => [k, on])) })}
                />
              </li>
            ))}
          </ul>
        </fieldset>
        {manager && (
          <fieldset>
            <legend className="mb-2 font-semibold text-slate-900">
              <FormattedMessage id="notifications.prefs.completionLegend" />
            </legend>
            <div className="space-y-1">
              {(['each', 'daily'] as const).map((mode) => (
                <label key={mode} className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input
                    type="radio"
                    name="completion-emails"
                    value={mode}
                    checked={shown.completionEmails === mode}
                    onChange={() => save({ completionEmails: mode })}
                    className="h-5 w-5 accent-blue-700"
                  />
                  <FormattedMessage
                    id={mode === 'each' ? 'notifications.prefs.completionEach' : 'notifications.prefs.completionDaily'}
                  />
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Field
          label={<FormattedMessage id={manager ? 'notifications.prefs.digestDay' : 'notifications.prefs.nudgeDay'} />}
          hint={<FormattedMessage id="notifications.prefs.dayHint" />}
        >
          {(a) => (
            <Select
              {...a}
              value={shown.digestDay}
              onChange={(e) => save({ digestDay: Number(e.target.value) })}
              className="sm:max-w-xs"
            >
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {intl.formatDate(dateOfWeekday(day), { weekday: 'long', timeZone: 'UTC' })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    );
  }
  return (
    <ProfileCard id="notifications-title" title={<FormattedMessage id="common.notifications.title" />}>
      {body}
    </ProfileCard>
  );
}

/** One kind's e-mail on/off, a real switch named by the kind. */
function EmailSwitch({ kind, on, onChange }: { kind: SwitchableKind; on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={id} className="text-slate-900">
        <FormattedMessage id={KIND_NAME[kind]} />
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        onClick={() => onChange(!on)}
        className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full p-1 transition-colors before:absolute before:-inset-2 ${on ? 'bg-blue-700' : 'bg-slate-400'}`}
      >
        <span
          aria-hidden="true"
          className={`h-6 w-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : ''}`}
        />
      </button>
    </div>
  );
}
