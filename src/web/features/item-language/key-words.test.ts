import { describe, expect, it } from 'vitest';
import { splitKeyWords } from './key-words';

const keys = (text: string, language: 'en' | 'es') =>
  splitKeyWords(text, language)
    .filter((p) => p.key)
    .map((p) => p.text);

describe('key words of a stem (readability)', () => {
  it('marks the capitalised words that say what answer is wanted, in English', () => {
    expect(keys('Which is the MOST LIKELY cause?', 'en')).toEqual(['MOST LIKELY']);
    expect(keys('All of these can cause a low pedal EXCEPT:', 'en')).toEqual(['EXCEPT']);
    expect(keys('What should the technician check FIRST? NEXT?', 'en')).toEqual(['FIRST', 'NEXT']);
  });

  it('leaves acronyms and ordinary words alone, and keeps the text whole', () => {
    expect(keys('The ABS module sets a DTC; the most likely cause is', 'en')).toEqual([]);
    expect(keys('NOTHING is NOTED', 'en')).toEqual([]);
    const text = 'Which is the LEAST LIKELY cause of the ABS light?';
    expect(
      splitKeyWords(text, 'en')
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('marks the Spanish key words, accents included, and not inside other words', () => {
    expect(keys('¿Cuál es la causa MÁS PROBABLE?', 'es')).toEqual(['MÁS PROBABLE']);
    expect(keys('¿Qué debe revisar PRIMERO el técnico?', 'es')).toEqual(['PRIMERO']);
    expect(keys('Todas pueden causar un pedal bajo EXCEPTO:', 'es')).toEqual(['EXCEPTO']);
    expect(keys('¿Cuál NO es una causa? NOTA: el NOx', 'es')).toEqual(['NO']);
    expect(keys('El módulo ABS guarda un DTC', 'es')).toEqual([]);
  });
});
