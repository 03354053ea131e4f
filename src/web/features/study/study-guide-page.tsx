import { GraduationCap, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router';
import { glossaryOf } from '../../../domain/content/glossary';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText } from '../../i18n/i18n-provider';
import { ItemToolbar, useItemLanguage } from '../item-language';
import { StartTestButton, useStudyGuide } from '../practice';
import { Contents, ContentsDrawer } from './guide-contents';
import { hasSpanish, localizedGuide } from './localized-guide';
import { markSectionRead, readingPosition, readSections, saveReadingPosition } from './reading-progress';
import { plainText, SectionContent } from './section-content';
import { StudyPager } from './study-pager';

/**
 * /app/study/:code[/:chapter/:section] — a study guide built for a phone: the
 * contents in a drawer (a sticky sidebar on a desktop), "Section n of N" with read ticks, Previous
 * Section on the left and Next Section on the right always in the same place, "Quiz me on this
 * chapter" at the end of each chapter and a next step at the end of the guide.
 */
export default function StudyGuidePage() {
  const categoryName = useCategoryName();
  const { code = '', chapter, section } = useParams();
  const intl = useIntl();
  const errorText = useErrorText();
  const upper = code.toUpperCase();
  const guide = useStudyGuide(upper);
  const chapterNumber = Number(chapter);
  const sectionNumber = Number(section);
  const [read, setRead] = useState(() => readSections(upper));
  const endRef = useRef<HTMLDivElement>(null);
  // A Spanish reader gets the guide's translated chapters and sections in Spanish, with one toggle for the guide.
  const guideLanguage = useItemLanguage(`guide:${upper}`, guide.data ? hasSpanish(guide.data) : false);
  const localized = useMemo(
    () => (guide.data ? localizedGuide(guide.data, guideLanguage.language) : undefined),
    [guide.data, guideLanguage.language],
  );
  // Terms the guide defines, in the language it is read in: a tap on one opens its definition.
  const glossary = useMemo(() => (localized ? glossaryOf(localized.chapters) : []), [localized]);

  useEffect(() => {
    if (chapter && section) saveReadingPosition(upper, chapterNumber, sectionNumber);
  }, [upper, chapter, section, chapterNumber, sectionNumber]);

  const loaded = Boolean(guide.data);
  // A section counts as read once its end has been on screen.
  useEffect(() => {
    const end = endRef.current;
    if (!loaded || !end || !chapter || !section) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setRead(markSectionRead(upper, chapterNumber, sectionNumber));
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [loaded, upper, chapter, section, chapterNumber, sectionNumber]);

  if (!chapter || !section) {
    // Reading position remembered per guide.
    return <Navigate to={`/app/study/${upper}/${readingPosition(upper) ?? '1/1'}`} replace />;
  }

  const data = localized;
  const flat = data?.chapters.flatMap((c) => c.sections.map((s) => ({ chapter: c, section: s }))) ?? [];
  const index = flat.findIndex((e) => e.chapter.number === chapterNumber && e.section.number === sectionNumber);
  const entry = flat[index];
  const prev = index > 0 ? flat[index - 1] : undefined;
  const next = index >= 0 ? flat[index + 1] : undefined;
  const href = (e: (typeof flat)[number]) => `/app/study/${upper}/${e.chapter.number}/${e.section.number}`;
  const endOfChapter = entry && entry.chapter.sections.at(-1)?.number === entry.section.number;
  const sectionTranslated = Boolean(entry?.section.es);
  const sectionLanguage = {
    ...guideLanguage,
    language: sectionTranslated ? guideLanguage.language : ('en' as const),
    canToggle: guideLanguage.canToggle && sectionTranslated,
    untranslated: guideLanguage.canToggle ? !sectionTranslated : guideLanguage.untranslated,
  };
  const guideName = data ? `${data.category.code} ${categoryName(data.category.code, data.category.name)}` : upper;

  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader tabs={false} />
      <main className="mx-auto max-w-6xl px-4 pt-4 pb-28 sm:pt-6">
        {guide.isPending && <Spinner label={intl.formatMessage({ id: 'study.loading' })} />}
        {guide.error && (
          <div className="space-y-3">
            <h1 className="text-2xl font-bold">
              <FormattedMessage id="study.title" values={{ name: guideName }} />
            </h1>
            <ErrorBox message={errorText(guide.error)} />
            <Button onClick={() => void guide.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
        {data && data.chapters.length === 0 && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold">
              <FormattedMessage id="study.title" values={{ name: guideName }} />
            </h1>
            <p className="text-slate-700">
              <FormattedMessage id="study.notWritten" />
            </p>
            <ButtonLink to="/app/study" variant="secondary">
              <FormattedMessage id="study.backToGuides" />
            </ButtonLink>
          </div>
        )}
        {data && data.chapters.length > 0 && (
          <div className="lg:grid lg:grid-cols-[18rem_1fr] lg:gap-6">
            <aside className="hidden lg:block">
              <div className="sticky top-4 max-h-[calc(100dvh-7rem)] overflow-y-auto rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <h2 className="mb-3 font-semibold">
                  <FormattedMessage id="study.contents.title" />
                </h2>
                <Contents guide={data} chapter={chapterNumber} section={sectionNumber} read={read} />
              </div>
            </aside>
            <article className="min-w-0">
              <div className="flex items-center justify-between gap-2">
                <p className="min-w-0 truncate text-sm font-semibold text-blue-800">
                  <FormattedMessage id="study.title" values={{ name: guideName }} />
                </p>
                <ButtonLink to="/app" variant="ghost" size="sm" className="shrink-0 px-3">
                  <X className="h-4 w-4" aria-hidden="true" />
                  <FormattedMessage id="study.close" />
                </ButtonLink>
              </div>
              <ContentsDrawer
                guide={data}
                chapter={chapterNumber}
                section={sectionNumber}
                read={read}
                description={intl.formatMessage({ id: 'study.title' }, { name: guideName })}
              />

              <div className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8">
                {entry ? (
                  <>
                    <p className="text-sm text-slate-700">
                      <FormattedMessage id="study.sectionOf" values={{ current: index + 1, total: flat.length }} />
                      {' · '}
                      <FormattedMessage
                        id="study.chapter"
                        values={{ number: entry.chapter.number, title: entry.chapter.title }}
                      />
                    </p>
                    <h1
                      className="mt-2 scroll-mt-4 text-2xl font-bold"
                      data-route-focus
                      lang={sectionLanguage.language}
                    >
                      {entry.chapter.number}.{entry.section.number} {entry.section.title}
                    </h1>
                    {entry.section.number === entry.chapter.sections[0]?.number && (
                      <p
                        className="mt-3 text-base text-slate-700"
                        lang={entry.chapter.es && guideLanguage.language === 'es' ? 'es' : 'en'}
                      >
                        {entry.chapter.description}
                      </p>
                    )}
                    <div className="mt-4">
                      <ItemToolbar
                        state={sectionLanguage}
                        kind="section"
                        speech={`${entry.section.title}\n${plainText(entry.section.content)}`}
                      />
                    </div>
                    <div className="mt-2" lang={sectionLanguage.language}>
                      <SectionContent content={entry.section.content} glossary={glossary} guideCode={upper} />
                    </div>
                    <div ref={endRef} aria-hidden="true" className="h-px" />
                  </>
                ) : (
                  <>
                    <h1 className="text-2xl font-bold" data-route-focus>
                      <FormattedMessage id="study.title" values={{ name: guideName }} />
                    </h1>
                    <p className="mt-4 text-slate-700">
                      <FormattedMessage id="study.noSuchSection" />
                    </p>
                  </>
                )}
              </div>

              {entry && endOfChapter && (
                <section
                  aria-labelledby="chapter-quiz-title"
                  className="mt-4 rounded-2xl bg-blue-50 p-4 ring-1 ring-blue-200 sm:p-6"
                >
                  <h2 id="chapter-quiz-title" className="font-semibold text-blue-950">
                    <FormattedMessage id="study.quiz.title" values={{ title: entry.chapter.title }} />
                  </h2>
                  <p className="mt-1 text-sm text-blue-950">
                    <FormattedMessage id="study.quiz.body" />
                  </p>
                  <StartTestButton
                    request={{ kind: 'chapter', categoryId: data.category.id, chapter: entry.chapter.number }}
                    action="quizChapter"
                    className="mt-3 w-full sm:w-auto"
                  />
                </section>
              )}
              {entry && !next && (
                <section
                  aria-labelledby="guide-end-title"
                  className="mt-4 rounded-2xl bg-green-50 p-4 ring-1 ring-green-200 sm:p-6"
                >
                  <h2 id="guide-end-title" className="flex items-center gap-2 font-semibold text-green-950">
                    <GraduationCap className="h-5 w-5" aria-hidden="true" />
                    <FormattedMessage id="study.end.title" values={{ name: guideName }} />
                  </h2>
                  <p className="mt-1 text-sm text-green-950">
                    <FormattedMessage id="study.end.body" />
                  </p>
                  <div className="mt-3 flex flex-col gap-2 sm:flex-row">
                    <StartTestButton request={{ kind: 'category', categoryId: data.category.id }} context={guideName} />
                    <ButtonLink to="/app/study" variant="secondary">
                      <FormattedMessage id="study.backToGuides" />
                    </ButtonLink>
                  </div>
                </section>
              )}
            </article>
          </div>
        )}
      </main>

      {data && data.chapters.length > 0 && (
        <StudyPager previousHref={prev && href(prev)} nextHref={next && href(next)} />
      )}
    </div>
  );
}
