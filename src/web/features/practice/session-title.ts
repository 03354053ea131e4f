import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { SessionLabel, SessionView } from '../../../domain/contracts/practice';
import { useCategoryName } from '../../i18n/category-name';

/**
 * A test's name in the user's language, from what it is: "A7 Heating & AC", "A5 Brakes · Chapter 2 quiz",
 * "Full Comprehensive Practice Exam" (the `practice` namespace).
 */
export function useSessionTitle(): (label: SessionLabel) => string {
  const intl = useIntl();
  const categoryName = useCategoryName();
  return useCallback(
    (label) => {
      const category = label.category
        ? `${label.category.code} ${categoryName(label.category.code, label.category.name)}`
        : '';
      if (label.origin === 'simulation') return intl.formatMessage({ id: 'practice.title.simulation' }, { category });
      if (label.kind === 'exam') {
        return label.category
          ? intl.formatMessage({ id: 'practice.title.categoryExam' }, { category })
          : intl.formatMessage({ id: 'practice.title.fullExam' });
      }
      switch (label.origin) {
        case 'missed':
          return label.category
            ? intl.formatMessage({ id: 'practice.title.missed' }, { category })
            : intl.formatMessage({ id: 'practice.title.missedExam' });
        case 'chapter':
          return intl.formatMessage({ id: 'practice.title.chapter' }, { category, chapter: label.chapter ?? 0 });
        case 'warm_up':
          return intl.formatMessage({ id: 'practice.title.warmUp' }, { category });
        case 'free_test':
          return intl.formatMessage({ id: 'practice.title.freeTest' }, { category });
        default:
          return category;
      }
    },
    [intl, categoryName],
  );
}

/** A session as the runner has it, named like the lists name it. */
export function labelOf(session: SessionView): SessionLabel {
  return {
    kind: session.kind,
    origin: session.origin,
    category: session.category,
    chapter: session.chapter?.number ?? null,
  };
}
