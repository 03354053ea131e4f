import { describe, expect, it } from 'vitest';
import { parseSectionContent, parseStudyGuide } from './study-guide';

const guide = `# 1. Engine Diagnosis
Finding the fault before opening the engine.

## 1.1 Compression
**Cranking compression**

- **Wet test**: oil raises a low reading when rings leak.
- **Dry test**: all cylinders within 10%.

Plain paragraph
over two lines.

## 1.2 Vacuum
- plain bullet one
- plain bullet two

# 2. Cooling
Heat management.

## 2.1 Thermostats
Opens at its rating.
`;

describe('parseStudyGuide', () => {
  it('splits chapters, descriptions and sections', () => {
    const chapters = parseStudyGuide(guide);
    expect(chapters.map((c) => [c.number, c.title, c.description, c.sections.length])).toEqual([
      [1, 'Engine Diagnosis', 'Finding the fault before opening the engine.', 2],
      [2, 'Cooling', 'Heat management.', 1],
    ]);
    expect(chapters[0]!.sections[1]).toMatchObject({ number: 2, title: 'Vacuum' });
  });
  it('rejects numbering out of order with the line number', () => {
    expect(() => parseStudyGuide('# 2. Wrong\nx\n')).toThrow(/Line 1: expected chapter 1/);
    expect(() => parseStudyGuide('# 1. A\nd\n\n## 1.2 B\nx\n')).toThrow(/expected section 1.1/);
  });
});

describe('parseSectionContent', () => {
  it('turns bold lines into headings and bold-term bullets into definitions', () => {
    const blocks = parseSectionContent(parseStudyGuide(guide)[0]!.sections[0]!.content);
    expect(blocks).toEqual([
      { kind: 'heading', text: 'Cranking compression' },
      {
        kind: 'definitions',
        items: [
          { term: 'Wet test', definition: 'oil raises a low reading when rings leak.' },
          { term: 'Dry test', definition: 'all cylinders within 10%.' },
        ],
      },
      { kind: 'paragraph', text: 'Plain paragraph over two lines.' },
    ]);
    expect(parseSectionContent('- plain bullet one\n- plain bullet two')).toEqual([
      { kind: 'bullets', items: ['plain bullet one', 'plain bullet two'] },
    ]);
  });
});
