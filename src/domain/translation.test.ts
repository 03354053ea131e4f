import { describe, expect, it } from 'vitest';
import type { ItemTranslation } from './content/schemas';
import { spanishQuestion, spanishReveal } from './translation';

const es: ItemTranslation = {
  question: '¿Cuál es la causa MÁS PROBABLE?',
  options: { A: 'uno', B: 'dos', C: 'tres', D: 'cuatro' },
  explanation: 'Porque sí.',
  whyWrong: { A: 'No A.', C: 'No C.', D: 'No D.' },
};

describe('what of an item’s Spanish may be sent (ADR 0024)', () => {
  it('before an answer: the stem and options only, never the explanation', () => {
    expect(spanishQuestion(es)).toEqual({ question: es.question, options: es.options, exhibit: null });
    expect(JSON.stringify(spanishQuestion(es))).not.toContain('Porque');
    expect(spanishQuestion(null)).toBeNull();
  });

  it('with a reveal: the explanation, and the reason only for a wrong choice', () => {
    expect(spanishReveal(es, 'C', false)).toEqual({ explanation: 'Porque sí.', whyWrong: 'No C.' });
    expect(spanishReveal(es, 'B', true)).toEqual({ explanation: 'Porque sí.', whyWrong: null });
    expect(spanishReveal(es, null, false)).toEqual({ explanation: 'Porque sí.', whyWrong: null });
    expect(spanishReveal(undefined, 'C', false)).toBeNull();
  });
});
