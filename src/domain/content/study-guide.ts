export interface ParsedSection {
  number: number;
  title: string;
  content: string;
}

export interface ParsedChapter {
  number: number;
  title: string;
  description: string;
  sections: ParsedSection[];
}

export type ContentBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'definitions'; items: { term: string; definition: string }[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'paragraph'; text: string };

const CHAPTER = /^# (\d+)\. (.+)$/;
const SECTION = /^## (\d+)\.(\d+) (.+)$/;

/**
 * Parses a study guide in the Markdown shape of docs/PRODUCT.md#content-standards:
 * `# N. Title`, a description paragraph, then `## N.M Title` sections.
 * Throws with a line number when the file breaks the shape.
 */
export function parseStudyGuide(markdown: string): ParsedChapter[] {
  const chapters: ParsedChapter[] = [];
  let chapter: ParsedChapter | undefined;
  let section: ParsedSection | undefined;
  let sectionLines: string[] = [];
  let descriptionLines: string[] = [];
  let inDescription = false;

  const closeSection = () => {
    if (section) section.content = sectionLines.join('\n').trim();
    sectionLines = [];
    section = undefined;
  };

  markdown.split(/\r?\n/).forEach((line, index) => {
    const chapterMatch = CHAPTER.exec(line);
    const sectionMatch = SECTION.exec(line);
    if (chapterMatch) {
      closeSection();
      const number = Number(chapterMatch[1]);
      if (number !== chapters.length + 1) {
        throw new Error(`Line ${index + 1}: expected chapter ${chapters.length + 1}, found ${number}`);
      }
      chapter = { number, title: (chapterMatch[2] ?? '').trim(), description: '', sections: [] };
      chapters.push(chapter);
      descriptionLines = [];
      inDescription = true;
      return;
    }
    if (sectionMatch) {
      if (!chapter) throw new Error(`Line ${index + 1}: section before any chapter`);
      closeSection();
      inDescription = false;
      const chapterNumber = Number(sectionMatch[1]);
      const number = Number(sectionMatch[2]);
      if (chapterNumber !== chapter.number || number !== chapter.sections.length + 1) {
        throw new Error(
          `Line ${index + 1}: expected section ${chapter.number}.${chapter.sections.length + 1}, found ${chapterNumber}.${number}`,
        );
      }
      section = { number, title: (sectionMatch[3] ?? '').trim(), content: '' };
      chapter.sections.push(section);
      return;
    }
    if (inDescription && chapter) {
      if (line.trim() === '' && descriptionLines.length > 0) {
        chapter.description = descriptionLines.join(' ').trim();
        inDescription = false;
      } else if (line.trim() !== '') {
        descriptionLines.push(line.trim());
        chapter.description = descriptionLines.join(' ').trim();
      }
      return;
    }
    if (section) sectionLines.push(line);
    else if (line.trim() !== '') throw new Error(`Line ${index + 1}: text outside a section`);
  });
  closeSection();
  return chapters;
}

const HEADING = /^\*\*(.+)\*\*$/;
const DEFINITION = /^- \*\*(.+?)\*\*:\s*(.+)$/;

/** Splits section content into renderable blocks (the study_sections table). */
export function parseSectionContent(content: string): ContentBlock[] {
  return content
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .flatMap((block): ContentBlock[] => {
      const lines = block.split('\n').map((l) => l.trim());
      // One line: the block is that line (both trimmed).
      const heading = lines.length === 1 ? HEADING.exec(block) : null;
      if (heading) return [{ kind: 'heading', text: heading[1] ?? '' }];
      if (lines.every((l) => l.startsWith('- '))) {
        if (lines.every((l) => DEFINITION.test(l))) {
          return [
            {
              kind: 'definitions',
              items: lines.map((l) => {
                const m = DEFINITION.exec(l) as RegExpExecArray;
                return { term: m[1] ?? '', definition: m[2] ?? '' };
              }),
            },
          ];
        }
        return [{ kind: 'bullets', items: lines.map((l) => l.slice(2)) }];
      }
      return [{ kind: 'paragraph', text: lines.join(' ') }];
    });
}
