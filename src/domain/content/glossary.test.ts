import { describe, expect, it } from 'vitest';
import { glossaryOf, markTerms, termMatcher } from './glossary';

const chapters = [
  {
    number: 1,
    sections: [
      {
        number: 1,
        content: [
          'A brake system is a closed circuit.',
          '',
          '- **Tandem design**: two pistons feed two circuits.',
          '- **Compensating (vent) port**: uncovered at rest.',
          '- **Color**: dark fluid is a clue.',
          '- **DOT 4**: glycol ether with borate esters.',
        ].join('\n'),
      },
    ],
  },
  { number: 2, sections: [{ number: 1, content: '- **Tandem design**: defined again, later.' }] },
];

describe('the study-guide glossary (readability)', () => {
  it('takes the bold definitions, first one of a term, and leaves everyday words out', () => {
    const glossary = glossaryOf(chapters);
    expect(glossary.map((e) => e.term)).toEqual(['Tandem design', 'Compensating (vent) port', 'DOT 4']);
    expect(glossary[0]).toMatchObject({ chapter: 1, section: 1, definition: 'two pistons feed two circuits.' });
  });

  it('marks a term once per section, in any case, with or without its aside, as a whole word', () => {
    const glossary = glossaryOf(chapters);
    const matcher = termMatcher(glossary);
    const seen = new Set<(typeof glossary)[number]>();
    const parts = markTerms(
      'A covered compensating port and a tandem design; the Tandem design again; DOT 45.',
      matcher,
      seen,
    );
    expect(parts.filter((p) => p.entry).map((p) => p.text)).toEqual(['compensating port', 'tandem design']);
    expect(parts.map((p) => p.text).join('')).toBe(
      'A covered compensating port and a tandem design; the Tandem design again; DOT 45.',
    );
    // Already marked in this section: not again.
    expect(markTerms('tandem design', matcher, seen).some((p) => p.entry)).toBe(false);
  });

  it('does not mark a term inside its own definition, and works with Spanish accents', () => {
    const spanish = glossaryOf([
      { number: 1, sections: [{ number: 1, content: '- **Válvula dosificadora**: retiene los frenos delanteros.' }] },
    ]);
    const matcher = termMatcher(spanish);
    expect(markTerms('La válvula dosificadora retiene…', matcher, new Set(), spanish[0]).some((p) => p.entry)).toBe(
      false,
    );
    expect(markTerms('La válvula dosificadora retiene…', matcher, new Set()).find((p) => p.entry)?.text).toBe(
      'válvula dosificadora',
    );
  });
});
