import * as Dialog from '@radix-ui/react-dialog';
import { CheckCircle2, ChevronDown, ChevronLeft, ChevronRight, GraduationCap, X } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { type GlossaryEntry, glossaryOf, markTerms, termMatcher } from '../../../domain/content/glossary';
import { parseSectionContent } from '../../../domain/content/study-guide';
import type { StudyGuide } from '../../../domain/contracts/practice';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText } from '../../i18n/i18n-provider';
import { useItemLanguage } from '../item-language/item-language';
import { ItemToolbar } from '../item-language/item-toolbar';
import { useStudyGuide } from '../practice/api';
import { StartTestButton } from '../practice/start-test-button';
import { TechHeader } from '../tech/tech-header';
import { GlossaryTerm } from './glossary-term';
import { hasSpanish, localizedGuide } from './localized-guide';
import { markSectionRead, readingPosition, readSections, saveReadingPosition } from './reading-progress';

/** Marks the glossary's terms in plain running text (issue 23); each term once per section. */
type Marker = (text: string, except?: GlossaryEntry) => ReactNode[];

function glossaryMarker(matcher: ReturnType<typeof termMatcher>, guideCode: string): Marker {
  const seen = new Set<GlossaryEntry>();
  return (text, except) => {
    let offset = 0;
    return markTerms(text, matcher, seen, except).map((part) => {
      const key = `t${offset}`;
      offset += part.text.length;
      return part.entry ? (
        <GlossaryTerm key={key} text={part.text} entry={part.entry} guideCode={guideCode} />
      ) : (
        <Fragment key={key}>{part.text}</Fragment>
      );
    });
  };
}

/** Inline **bold** inside a paragraph or definition, glossary terms marked; keys are the parts' offsets. */
function inline(text: string, mark: Marker, except?: GlossaryEntry): ReactNode {
  let offset = 0;
  return text.split(/(\*\*[^*]+\*\*)/).map((part) => {
    const key = `${offset}`;
    offset += part.length;
    return part.startsWith('**') && part.endsWith('**') ? (
      <strong key={key}>{part.slice(2, -2)}</strong>
    ) : (
      <Fragment key={key}>{mark(part, except)}</Fragment>
    );
  });
}

/** A section's words without Markdown marks, for read-aloud. */
function plainText(content: string): string {
  return content
    .replace(/\*\*/g, '')
    .replace(/^#+\s*/gm, '')
    .replace(/^- /gm, '');
}

function SectionContent({
  content,
  glossary,
  guideCode,
}: {
  content: string;
  glossary: GlossaryEntry[];
  guideCode: string;
}) {
  const matcher = useMemo(() => termMatcher(glossary), [glossary]);
  const mark = glossaryMarker(matcher, guideCode);
  const entryOf = (term: string) => glossary.find((e) => e.term === term);
  return (
    <div className="space-y-4 text-base leading-relaxed text-slate-800">
      {parseSectionContent(content).map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case 'heading':
            return (
              <h2 key={key} className="pt-2 text-lg font-semibold text-slate-900">
                {block.text}
              </h2>
            );
          case 'definitions':
            return (
              <dl key={key} className="space-y-2">
                {block.items.map((item) => (
                  <div key={item.term}>
                    <dt className="font-semibold text-slate-900">{item.term}</dt>
                    <dd className="ml-4">{inline(item.definition, mark, entryOf(item.term))}</dd>
                  </div>
                ))}
              </dl>
            );
          case 'bullets':
            return (
              <ul key={key} className="ml-6 list-disc space-y-1">
                {block.items.map((item) => (
                  <li key={item}>{inline(item, mark)}</li>
                ))}
              </ul>
            );
          default:
            return <p key={key}>{inline(block.text, mark)}</p>;
        }
      })}
    </div>
  );
}

/** "Next" on a phone, "Next Section" from sm up; the accessible name is always the full label. */
function PagerLabel({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span className="sm:hidden">
        <FormattedMessage id={short} />
      </span>
      <span className="hidden sm:inline">
        <FormattedMessage id={full} />
      </span>
    </>
  );
}

/** The table of contents with read ticks: the sticky sidebar on a desktop, the Contents drawer on a phone. */
function Contents({
  guide,
  chapter,
  section,
  read,
}: {
  guide: StudyGuide;
  chapter: number;
  section: number;
  read: Set<string>;
}) {
  const intl = useIntl();
  const code = guide.category.code;
  return (
    <nav aria-label={intl.formatMessage({ id: 'study.contents.label' })}>
      <ol className="space-y-4 text-sm">
        {guide.chapters.map((c) => (
          <li key={c.number}>
            <p className="font-semibold text-slate-900">
              {c.number}. {c.title}
            </p>
            <ol className="mt-1 space-y-0.5">
              {c.sections.map((s) => {
                const current = c.number === chapter && s.number === section;
                const done = read.has(`${c.number}.${s.number}`);
                return (
                  <li key={s.number}>
                    <Link
                      to={`/app/study/${code}/${c.number}/${s.number}`}
                      aria-current={current ? 'page' : undefined}
                      className={`flex min-h-11 items-center gap-2 rounded-lg px-2 py-1.5 ${current ? 'bg-blue-50 font-semibold text-blue-900' : 'text-slate-800 hover:bg-slate-50'}`}
                    >
                      <span className="flex-1">
                        {c.number}.{s.number} {s.title}
                      </span>
                      {done && (
                        <CheckCircle2
                          role="img"
                          className="h-4 w-4 shrink-0 text-green-700"
                          aria-label={intl.formatMessage({ id: 'study.contents.read' })}
                        />
                      )}
                    </Link>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * /app/study/:code[/:chapter/:section] — a study guide (SPEC §2) built for a phone (issue 22): the
 * contents in a drawer (a sticky sidebar on a desktop), "Section n of N" with read ticks, Previous
 * Section on the left and Next Section on the right always in the same place, "Quiz me on this
 * chapter" at the end of each chapter and a next step at the end of the guide.
 */
export default function StudyGuidePage() {
  const categoryName = useCategoryName();
  const { code = '', chapter, section } = useParams();
  const intl = useIntl();
  const errorText = useErrorText();
  const { pathname } = useLocation();
  const upper = code.toUpperCase();
  const guide = useStudyGuide(upper);
  const chapterNumber = Number(chapter);
  const sectionNumber = Number(section);
  const [read, setRead] = useState(() => readSections(upper));
  const [contentsOpen, setContentsOpen] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  // A Spanish reader gets the guide's translated chapters and sections in Spanish, with one toggle for the guide.
  const guideLanguage = useItemLanguage(`guide:${upper}`, guide.data ? hasSpanish(guide.data) : false);
  const localized = useMemo(
    () => (guide.data ? localizedGuide(guide.data, guideLanguage.language) : undefined),
    [guide.data, guideLanguage.language],
  );
  // Terms the guide defines, in the language it is read in: a tap on one opens its definition.
  const glossary = useMemo(() => (localized ? glossaryOf(localized.chapters) : []), [localized]);

  // A link in the drawer closes it when it navigates; focus then stays on the new section's heading.
  const navigated = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the section changes
  useEffect(() => {
    navigated.current = true;
    setContentsOpen(false);
  }, [pathname]);

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
              <Dialog.Root open={contentsOpen} onOpenChange={setContentsOpen}>
                <Dialog.Trigger asChild>
                  <Button variant="secondary" size="sm" className="mt-2 w-full justify-between lg:hidden">
                    <FormattedMessage id="study.contents.open" />
                    <ChevronDown className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </Dialog.Trigger>
                <Dialog.Portal>
                  <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
                  <Dialog.Content
                    onOpenAutoFocus={() => {
                      navigated.current = false;
                    }}
                    onCloseAutoFocus={(event) => {
                      if (navigated.current) event.preventDefault();
                    }}
                    className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-white p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl focus:outline-none"
                  >
                    <div className="mb-3 flex items-center justify-between gap-3">
                      <Dialog.Title className="text-lg font-bold">
                        <FormattedMessage id="study.contents.title" />
                      </Dialog.Title>
                      <Dialog.Close asChild>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="w-11 px-0"
                          aria-label={intl.formatMessage({ id: 'common.close' })}
                        >
                          <X className="h-5 w-5" aria-hidden="true" />
                        </Button>
                      </Dialog.Close>
                    </div>
                    <Dialog.Description className="sr-only">
                      <FormattedMessage id="study.title" values={{ name: guideName }} />
                    </Dialog.Description>
                    <Contents guide={data} chapter={chapterNumber} section={sectionNumber} read={read} />
                  </Dialog.Content>
                </Dialog.Portal>
              </Dialog.Root>

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
        <nav
          aria-label={intl.formatMessage({ id: 'study.pager' })}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
        >
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2 lg:pl-[calc(18rem+2.5rem)]">
            {prev ? (
              <ButtonLink
                to={href(prev)}
                variant="secondary"
                className="min-h-12 px-3"
                aria-label={intl.formatMessage({ id: 'study.previous' })}
              >
                <ChevronLeft className="h-5 w-5" aria-hidden="true" />
                <PagerLabel short="study.previousShort" full="study.previous" />
              </ButtonLink>
            ) : (
              <Button
                variant="secondary"
                className="min-h-12 px-3"
                disabled
                aria-label={intl.formatMessage({ id: 'study.previous' })}
              >
                <ChevronLeft className="h-5 w-5" aria-hidden="true" />
                <PagerLabel short="study.previousShort" full="study.previous" />
              </Button>
            )}
            {next ? (
              <ButtonLink
                to={href(next)}
                className="min-h-12 px-4"
                aria-label={intl.formatMessage({ id: 'study.next' })}
              >
                <PagerLabel short="study.nextShort" full="study.next" />
                <ChevronRight className="h-5 w-5" aria-hidden="true" />
              </ButtonLink>
            ) : (
              <ButtonLink to="/app/study" className="min-h-12 px-4">
                <FormattedMessage id="study.finish" />
                <ChevronRight className="h-5 w-5" aria-hidden="true" />
              </ButtonLink>
            )}
          </div>
        </nav>
      )}
    </div>
  );
}
