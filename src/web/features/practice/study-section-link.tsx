import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { ReviewItem } from '../../../domain/contracts/practice';
import { pick, useItemLanguage } from '../item-language';

/**
 * A reviewed question's "Read 1.2 Brake Fluid Types, Testing and Service": the guide section on the question's
 * own content area (ADR 0031), titled in the language its guide is read in (ADR 0024); nothing when
 * the guide has no section on the area.
 */
export function StudySectionLink({ item }: { item: Pick<ReviewItem, 'categoryCode' | 'studySection'> }) {
  const section = item.studySection;
  const guideLanguage = useItemLanguage(`guide:${item.categoryCode}`, Boolean(section?.es));
  if (!section) return null;
  return (
    <Link
      className="inline-flex min-h-11 items-center font-medium text-blue-800 underline"
      to={`/app/study/${item.categoryCode}/${section.chapter}/${section.section}`}
    >
      <FormattedMessage
        id="practice.review.studyLink"
        values={{
          number: `${section.chapter}.${section.section}`,
          title: (
            <span lang={guideLanguage.language}>{pick(guideLanguage.language, section.title, section.es?.title)}</span>
          ),
        }}
      />
    </Link>
  );
}
