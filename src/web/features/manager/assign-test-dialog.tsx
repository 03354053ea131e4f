import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { today } from '../../../domain/calendar-day';
import {
  type CreateAssignmentRequest,
  createAssignmentRequestSchema,
  NOTES_MAX,
} from '../../../domain/contracts/manager';
import { defaultDueDate, latestDueDate } from '../../../domain/due-date';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input, Select, Textarea } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useCategories } from '../categories';
import { useCreateAssignment, useTechnicianProgress } from './api';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Assign form (docs/PRODUCT.md#assignments): technician (this shop's; fixed when opened from a row), category, due date
 * (minimum today, default 7 days ahead; the server stores the end of that day in the manager's time
 * zone), notes optional.
 */
export function AssignTestDialog({
  open,
  fixedTechId,
  onOpenChange,
}: {
  open: boolean;
  fixedTechId: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const categoryName = useCategoryName();
  const errorText = useErrorText();
  const { me } = useAuth();
  const technicians = useTechnicianProgress();
  const categories = useCategories();
  const create = useCreateAssignment();
  const minDate = useMemo(() => (open ? today(new Date(), browserTimeZone()) : ''), [open]);
  const maxDate = useMemo(() => (open ? latestDueDate(new Date(), browserTimeZone()) : ''), [open]);
  const form = useForm<CreateAssignmentRequest>({ resolver: zodResolver(createAssignmentRequestSchema) });
  const { errors } = form.formState;

  const { reset } = form;
  const resetCreate = create.reset;
  useEffect(() => {
    if (!open) return;
    resetCreate();
    reset({
      techId: fixedTechId ?? '',
      categoryId: '',
      dueDate: defaultDueDate(new Date(), browserTimeZone()),
      notes: '',
    });
  }, [open, fixedTechId, reset, resetCreate]);

  const fixedTech = technicians.data?.find((t) => t.id === fixedTechId);
  const signedOut = !me || (create.error instanceof ApiError && create.error.status === 401);

  const onSubmit = form.handleSubmit((values) => {
    if (values.dueDate < minDate) {
      form.setError('dueDate', { message: 'messages.manager.dueDateBeforeToday' });
      return;
    }
    if (values.dueDate > maxDate) {
      form.setError('dueDate', { message: 'messages.manager.dueDateTooFar' });
      return;
    }
    create.mutate(values, {
      onSuccess: (assignment) => {
        toast.success(
          intl.formatMessage(
            { id: 'manager.assign.done' },
            {
              name: assignment.technician.fullName,
              category: `${assignment.category.code} ${categoryName(assignment.category.code, assignment.category.name)}`,
            },
          ),
        );
        onOpenChange(false);
      },
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={
        fixedTech ? (
          <FormattedMessage id="manager.assign.titleFor" values={{ name: fixedTech.fullName }} />
        ) : (
          <FormattedMessage id="manager.assign.title" />
        )
      }
      closeLabel={intl.formatMessage({ id: 'manager.close' })}
    >
      {technicians.isPending || categories.isPending ? (
        <Spinner />
      ) : technicians.data?.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-slate-700">
          <FormattedMessage id="manager.assign.noTechnicians" />
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <ErrorBox
            message={
              signedOut
                ? 'messages.manager.loginToAssign'
                : create.error
                  ? intl.formatMessage({ id: 'manager.assign.failed' }, { message: errorText(create.error) })
                  : technicians.error || categories.error
                    ? errorText(technicians.error ?? categories.error)
                    : null
            }
          />
          <Field label={<FormattedMessage id="manager.assign.technician" />} error={errors.techId?.message}>
            {(a) =>
              fixedTech ? (
                // Opened from a technician's row: the technician is fixed.
                <Input {...a} readOnly value={fixedTech.fullName} className="bg-slate-50" />
              ) : (
                <Select {...a} {...form.register('techId')}>
                  <option value="">{intl.formatMessage({ id: 'manager.assign.chooseTechnician' })}</option>
                  {technicians.data?.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.fullName}
                    </option>
                  ))}
                </Select>
              )
            }
          </Field>
          <Field label={<FormattedMessage id="manager.assign.category" />} error={errors.categoryId?.message}>
            {(a) => (
              <Select {...a} {...form.register('categoryId')}>
                <option value="">{intl.formatMessage({ id: 'manager.assign.chooseCategory' })}</option>
                {categories.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.code} {categoryName(c.code, c.name)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={<FormattedMessage id="manager.assign.dueDate" />} error={errors.dueDate?.message}>
            {(a) => <Input type="date" min={minDate} max={maxDate} {...a} {...form.register('dueDate')} />}
          </Field>
          <Field
            label={<FormattedMessage id="manager.assign.notes" />}
            hint={<FormattedMessage id="manager.assign.notesHint" />}
            error={errors.notes?.message}
          >
            {(a) => <Textarea rows={3} maxLength={NOTES_MAX} {...a} {...form.register('notes')} />}
          </Field>
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <Button variant="secondary" className="min-h-12" onClick={() => onOpenChange(false)}>
              <FormattedMessage id="manager.cancel" />
            </Button>
            <Button type="submit" className="min-h-12" disabled={create.isPending || signedOut}>
              <FormattedMessage id={create.isPending ? 'manager.assign.saving' : 'manager.assign.submit'} />
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
