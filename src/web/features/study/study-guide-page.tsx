import { Fragment, type ReactNode, useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { parseSectionContent } from '../../../domain/content/study-guide';
import { ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useStudyGuide } from '../practice/api';
import { TechHeader } from '../tech/tech-header';

const positionKey = (code: string) => `torqueprep.study.${code}`;

/** Inline **bold** inside a paragraph or definition; keys are the parts' offsets in the fixed text. */
function inline(text: string): ReactNode {
  let offset = 0;
  return text.split(/(\*\*[^*]+\*\*)/).map((part) => {
    const key = `${offset}`;
    offset += part.length;
    return part.startsWith('**') && part.endsWith('**') ? (
      <strong key={key}>{part.slice(2, -2)}</strong>
    ) : (
      <Fragment key={key}>{part}</Fragment>
    );
  });
}

function SectionContent({ content }: { content: string }) {
  return (
    <div className="space-y-4 text-slate-800">
      {parseSectionContent(content).map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case 'heading':
            return (
              <h3 key={key} className="pt-2 text-lg font-semibold text-slate-900">
                {block.text}
              </h3>
            );
          case 'definitions':
            return (
              <dl key={key} className="space-y-2">
                {block.items.map((item) => (
                  <div key={item.term}>
                    <dt className="font-semibold text-slate-900">{item.term}</dt>
                    <dd className="ml-4">{inline(item.definition)}</dd>
                  </div>
                ))}
              </dl>
            );
          case 'bullets':
            return (
              <ul key={key} className="ml-6 list-disc space-y-1">
                {block.items.map((item) => (
                  <li key={item}>{inline(item)}</li>
                ))}
              </ul>
            );
          default:
            return <p key={key}>{inline(block.text)}</p>;
        }
      })}
    </div>
  );
}

/** /app/study/:code[/:chapter/:section] — a study guide with its table of contents (SPEC §2). */
export default function StudyGuidePage() {
  const { code = '', chapter, section } = useParams();
  const upper = code.toUpperCase();
  const guide = useStudyGuide(upper);
  const chapterNumber = Number(chapter);
  const sectionNumber = Number(section);

  useEffect(() => {
    if (chapter && section) localStorage.setItem(positionKey(upper), `${chapter}/${section}`);
  }, [upper, chapter, section]);

  if (!chapter || !section) {
    // Reading position remembered per guide.
    const saved = localStorage.getItem(positionKey(upper)) ?? '1/1';
    return <Navigate to={`/app/study/${upper}/${saved}`} replace />;
  }

  const flat = guide.data?.chapters.flatMap((c) => c.sections.map((s) => ({ chapter: c, section: s }))) ?? [];
  const index = flat.findIndex((e) => e.chapter.number === chapterNumber && e.section.number === sectionNumber);
  const entry = flat[index];
  const prev = flat[index - 1];
  const next = flat[index + 1];
  const href = (e: (typeof flat)[number]) => `/app/study/${upper}/${e.chapter.number}/${e.section.number}`;

  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-6xl px-4 py-6">
        {guide.isPending && <Spinner label="Loading the study guide…" />}
        <ErrorBox message={guide.error ? errorMessage(guide.error) : null} />
        {guide.data && guide.data.chapters.length === 0 && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold">
              {guide.data.category.code} {guide.data.category.name} Study Guide
            </h1>
            <p className="text-slate-700">This study guide is not written yet.</p>
            <ButtonLink to="/app" variant="secondary">
              Close
            </ButtonLink>
          </div>
        )}
        {guide.data && guide.data.chapters.length > 0 && (
          <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
            <nav aria-label="Table of contents" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h2 className="font-semibold">Contents</h2>
              <ol className="mt-3 space-y-3 text-sm">
                {guide.data.chapters.map((c) => (
                  <li key={c.number}>
                    <p className="font-semibold text-slate-900">
                      {c.number}. {c.title}
                    </p>
                    <ol className="mt-1 space-y-1">
                      {c.sections.map((s) => {
                        const current = c.number === chapterNumber && s.number === sectionNumber;
                        return (
                          <li key={s.number}>
                            <Link
                              to={`/app/study/${upper}/${c.number}/${s.number}`}
                              aria-current={current ? 'page' : undefined}
                              className={`block rounded px-2 py-1 ${current ? 'bg-blue-50 font-semibold text-blue-900' : 'text-slate-700 hover:bg-slate-50'}`}
                            >
                              {c.number}.{s.number} {s.title}
                            </Link>
                          </li>
                        );
                      })}
                    </ol>
                  </li>
                ))}
              </ol>
            </nav>
            <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <p className="text-sm font-semibold text-blue-800">
                {guide.data.category.code} {guide.data.category.name} Study Guide
              </p>
              {entry ? (
                <>
                  <p className="mt-1 text-sm text-slate-700">
                    Chapter {entry.chapter.number}: {entry.chapter.title}
                  </p>
                  <h1 className="mt-2 text-2xl font-bold">
                    {entry.chapter.number}.{entry.section.number} {entry.section.title}
                  </h1>
                  <div className="mt-6">
                    <SectionContent content={entry.section.content} />
                  </div>
                </>
              ) : (
                <p className="mt-4 text-slate-700">That section does not exist. Choose one from the contents.</p>
              )}
              <div className="mt-8 flex flex-wrap justify-between gap-3">
                {prev ? (
                  <ButtonLink to={href(prev)} variant="secondary">
                    Previous Section
                  </ButtonLink>
                ) : (
                  <span />
                )}
                <ButtonLink to="/app" variant="ghost">
                  Close
                </ButtonLink>
                {next ? <ButtonLink to={href(next)}>Next Section</ButtonLink> : <span />}
              </div>
            </article>
          </div>
        )}
      </main>
    </div>
  );
}
