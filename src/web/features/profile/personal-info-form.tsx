import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '../../../domain/experience';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/form';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { useUpdateProfile } from './api';

/** Catalogue keys of the experience levels, in the survey's order. */
export const EXPERIENCE_LABEL: Record<ExperienceLevel, string> = {
  less_than_1: 'profile.experience.lessThan1',
  '1_to_2': 'profile.experience.1to2',
  '3_to_5': 'profile.experience.3to5',
  '6_to_10': 'profile.experience.6to10',
  '11_to_15': 'profile.experience.11to15',
  '16_to_20': 'profile.experience.16to20',
  more_than_20: 'profile.experience.moreThan20',
};

/**
 * Personal info: full name (and a technician's experience level) editable, e-mail shown
 * but not editable; Save is disabled while saving or while nothing changed.
 */
export function PersonalInfoForm({ withExperience }: { withExperience: boolean }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { me } = useAuth();
  const update = useUpdateProfile();
  const saved = { fullName: me?.user.fullName ?? '', experienceLevel: me?.user.experienceLevel ?? null };
  const [fullName, setFullName] = useState(saved.fullName);
  const [experienceLevel, setExperienceLevel] = useState<ExperienceLevel | null>(saved.experienceLevel);
  const [nameError, setNameError] = useState<string | undefined>();

  const changed = fullName.trim() !== saved.fullName || (withExperience && experienceLevel !== saved.experienceLevel);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!fullName.trim()) {
      setNameError('messages.auth.fullNameRequired');
      return;
    }
    setNameError(undefined);
    update.mutate(
      {
        fullName: fullName.trim(),
        ...(withExperience && experienceLevel ? { experienceLevel } : {}),
      },
      {
        onSuccess: (next) => {
          setFullName(next.user.fullName);
          toast.success(intl.formatMessage({ id: 'profile.updated' }));
        },
        onError: (error) =>
          toast.error(intl.formatMessage({ id: 'profile.updateFailed' }, { reason: errorText(error) })),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field label={<FormattedMessage id="profile.fullName" />} error={nameError}>
        {(a) => (
          <Input
            {...a}
            autoComplete="name"
            maxLength={120}
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
        )}
      </Field>
      <Field label={<FormattedMessage id="profile.email" />} hint={<FormattedMessage id="profile.emailHint" />}>
        {(a) => <Input {...a} type="email" readOnly value={me?.user.email ?? ''} className="bg-slate-50" />}
      </Field>
      {withExperience && (
        <Field label={<FormattedMessage id="profile.experienceLevel" />}>
          {(a) => (
            <Select
              {...a}
              value={experienceLevel ?? ''}
              onChange={(e) => setExperienceLevel((e.target.value || null) as ExperienceLevel | null)}
            >
              {!experienceLevel && <option value="">{intl.formatMessage({ id: 'profile.experience.choose' })}</option>}
              {EXPERIENCE_LEVELS.map((level) => (
                <option key={level.value} value={level.value}>
                  {intl.formatMessage({ id: EXPERIENCE_LABEL[level.value] })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Button type="submit" className="min-h-12" disabled={update.isPending || !changed}>
        <FormattedMessage id={update.isPending ? 'profile.saving' : 'profile.save'} />
      </Button>
    </form>
  );
}
