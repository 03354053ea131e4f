import { Fragment, type ReactNode, useMemo } from 'react';
import { type GlossaryEntry, markTerms, termMatcher } from '../../../domain/content/glossary';
import { parseSectionContent } from '../../../domain/content/study-guide';
import { GlossaryTerm } from './glossary-term';

/*
 * A study guide section's text, written in a small Markdown (headings, paragraphs, bullets, definitions and
 * **bold**, parsed by parseSectionContent), rendered with the glossary's terms marked.
 */

/** Marks the glossary's terms in plain running text; each term once per section. */
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
export function plainText(content: string): string {
  return content
    .replace(/\*\*/g, '')
    .replace(/^#+\s*/gm, '')
    .replace(/^- /gm, '');
}

/** A section's blocks as headings, paragraphs, lists and definitions, each glossary term marked once. */
export function SectionContent({
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
