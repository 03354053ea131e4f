import { describe, expect, it } from 'vitest';
import { areaScore, chapterAreas, chapterForArea, sectionForQuestion } from './study-areas';

const areas = [
  { name: 'Disc Brakes', keywords: ['disc', 'caliper', 'rotor'] },
  { name: 'Drum Brakes', keywords: ['drum', 'shoe'] },
  { name: 'Starting System', keywords: ['starting', 'starter'] },
  { name: 'Charging System', keywords: ['charging', 'alternator'] },
];
const chapter = (number: number, title: string, ...sections: string[]) => ({
  number,
  title,
  sections: sections.map((t) => ({ title: t })),
});

describe('study areas', () => {
  it('scores keyword hits, a chapter title three times a section title, case-insensitive', () => {
    expect(areaScore(chapter(1, 'Disc Brakes', 'Caliper Service', 'Rotor Runout'), areas[0]!)).toBe(5);
    expect(areaScore(chapter(1, 'DISC and CALIPER'), areas[0]!)).toBe(6);
    expect(areaScore(chapter(1, 'Hydraulics', 'Bleeding'), areas[0]!)).toBe(0);
  });

  it('a chapter covers its best area and any other scoring at least 60% of it', () => {
    expect(chapterAreas(chapter(2, 'Disc Brakes: Calipers and Rotors', 'Drum parking brake'), areas)).toEqual([
      'Disc Brakes',
    ]);
    expect(
      chapterAreas(chapter(3, 'Starting and Charging Systems', 'Starter draw', 'Alternator output'), areas),
    ).toEqual(['Starting System', 'Charging System']);
    // 3 of 5 is exactly 60%: shared.
    expect(chapterAreas(chapter(4, 'Disc', 'Drum', 'Shoe', 'Drum shoe', 'Shoe'), areas)).toEqual([
      'Disc Brakes',
      'Drum Brakes',
    ]);
    expect(chapterAreas(chapter(4, 'Disc', 'Drum', 'Shoe', 'Drum shoe', 'Shoe', 'Drum'), areas)).toEqual([
      'Drum Brakes',
    ]);
    expect(chapterAreas(chapter(5, 'Diagnostic Strategy', 'Thinking it through'), areas)).toEqual([]);
  });

  it('reads the chapter that covers an area best, the lower number on a tie, null when none names it', () => {
    const chapters = [
      chapter(1, 'Hydraulics', 'Disc caliper piston seals'),
      chapter(2, 'Disc Brakes', 'Pads'),
      chapter(3, 'Drum Brakes', 'Shoes'),
      chapter(4, 'Drum Brakes Again', 'Wheel cylinders'),
    ];
    expect(chapterForArea(chapters, areas, 'Disc Brakes')).toBe(2);
    expect(chapterForArea(chapters, areas, 'Drum Brakes')).toBe(3);
    expect(chapterForArea(chapters, areas, 'Starting System')).toBeNull();
    expect(chapterForArea(chapters, areas, 'Unknown area')).toBeNull();
  });

  it('falls back to a chapter that only mentions the area when no chapter covers it', () => {
    const chapters = [chapter(1, 'Disc Brakes', 'Caliper', 'Rotor', 'A drum-in-hat parking brake')];
    expect(chapterAreas(chapters[0]!, areas)).toEqual(['Disc Brakes']);
    expect(chapterForArea(chapters, areas, 'Drum Brakes')).toBe(1);
  });

  it("links a question to the section of its own area's chapter that shares its keywords", () => {
    const chapters = [
      chapter(1, 'Disc Brakes', 'How a disc brake stops', 'Caliper Types', 'Rotor Runout and Rotor Thickness'),
      chapter(2, 'Drum Brakes', 'Shoe Inspection'),
      chapter(3, 'Diagnostic Strategy'),
    ];
    const read = (area: string, question: string) => {
      const found = sectionForQuestion(chapters, areas, area, question);
      return found && `${found.chapter.number}: ${found.section.title}`;
    };
    // The section sharing a keyword with the question, whatever the question's position in the test.
    expect(read('Disc Brakes', 'A sticking CALIPER slide causes:')).toBe('1: Caliper Types');
    // A tie of shared keywords goes to the earlier section.
    expect(read('Disc Brakes', 'Rotor runout measured at the caliper bracket')).toBe('1: Caliper Types');
    expect(read('Disc Brakes', 'Lateral runout of a rotor is measured with:')).toBe(
      '1: Rotor Runout and Rotor Thickness',
    );
    // No shared keyword: the section naming the area most, then the first.
    expect(read('Disc Brakes', 'Which tool is used first?')).toBe('1: How a disc brake stops');
    expect(read('Drum Brakes', 'Which wear pattern shows?')).toBe('2: Shoe Inspection');
    // No chapter for the area, an unknown area, or a chapter without sections: no link.
    expect(read('Starting System', 'A starter draws 400 A')).toBeNull();
    expect(read('Unknown', 'caliper')).toBeNull();
    expect(sectionForQuestion([chapter(1, 'Disc Brakes')], areas, 'Disc Brakes', 'caliper')).toBeNull();
  });
});
