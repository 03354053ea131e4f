import { describe, expect, it } from 'vitest';
import { checkShopTerms, guideTexts, itemTexts, type ShopTerm, shopTermsFileSchema } from './shop-terms';

const terms: ShopTerm[] = [
  { en: ['yaw rate sensor', 'yaw rate'], es: 'guiñada', alsoSaid: 'yaw rate', avoid: ['razón de giro'] },
  { en: ['metering valve'], es: 'válvula dosificadora', forms: ['válvulas dosificadoras'] },
  { en: ['proportioning valve'], es: 'válvula proporcionadora', forms: ['válvulas proporcionadoras'] },
  { en: ['gasket'], es: 'empaque' },
  { en: ['head gasket'], es: 'empaque de cabeza', avoid: ['junta de culata'] },
];
const text = (english: string, spanish: string) => [{ where: 'a5-0001', english, spanish }];

describe('checkShopTerms', () => {
  it('passes a text that renders each term as the glossary says, in any case and in the plural', () => {
    expect(checkShopTerms(terms, text('The Yaw Rate Sensor reads…', 'El sensor de velocidad de GUIÑADA lee…'))).toEqual(
      [],
    );
    expect(checkShopTerms(terms, text('Both metering valves', 'Las dos válvulas dosificadoras'))).toEqual([]);
  });

  it('flags an avoided rendering even where the English does not use the term', () => {
    expect(checkShopTerms(terms, text('The sensor reads…', 'El sensor de razón de giro lee…'))).toEqual([
      'a5-0001: "razón de giro" is avoided; say "guiñada" (yaw rate sensor)',
    ]);
  });

  it('flags a term rendered another way: two English terms given one Spanish word', () => {
    const problems = checkShopTerms(terms, text('The proportioning valve limits…', 'La válvula dosificadora limita…'));
    expect(problems).toEqual(['a5-0001: "proportioning valve" is not rendered "válvula proporcionadora"']);
  });

  it('checks the longest English term: "head gasket" is not also required to say plain "empaque"', () => {
    expect(checkShopTerms(terms, text('A leaking head gasket', 'Un empaque de cabeza con fuga'))).toEqual([]);
    expect(checkShopTerms(terms, text('A leaking head gasket', 'Una junta de culata con fuga'))).toEqual([
      'a5-0001: "head gasket" is not rendered "empaque de cabeza"',
      'a5-0001: "junta de culata" is avoided; say "empaque de cabeza" (head gasket)',
    ]);
  });

  it('matches whole words only', () => {
    expect(checkShopTerms(terms, text('gaskets', 'empaques'))).toEqual([]);
    expect(checkShopTerms(terms, text('gasketed', 'sellado'))).toEqual([]);
  });
});

describe('texts to check', () => {
  const item = {
    id: 'a1-0001',
    question: 'Q',
    options: { A: 'a', B: 'b', C: 'c', D: 'd' },
    explanation: 'E',
    whyWrong: { A: 'wa', B: 'wb', C: 'wc' },
  };
  it('takes every field of a translated item and skips an untranslated one', () => {
    const es = { ...item, question: 'P', explanation: 'X' };
    expect(
      itemTexts([
        { ...item, es },
        { ...item, id: 'a1-0002', es: null },
      ]),
    ).toEqual([{ where: 'a1-0001', english: 'Q\na\nb\nc\nd\nE\nwa\nwb\nwc', spanish: 'P\na\nb\nc\nd\nX\nwa\nwb\nwc' }]);
  });
  it('takes each translated guide section', () => {
    const guide = {
      code: 'A1',
      chapters: [
        {
          number: 2,
          sections: [
            { number: 3, content: 'en', es: { content: 'es' } },
            { number: 4, content: 'x', es: null },
          ],
        },
      ],
    };
    expect(guideTexts(guide)).toEqual([{ where: 'study-guides/es/a1.md 2.3', english: 'en', spanish: 'es' }]);
  });
});

describe('shopTermsFileSchema', () => {
  it('refuses an English term given two renderings', () => {
    const result = shopTermsFileSchema.safeParse([
      { en: ['booster'], es: 'servofreno' },
      { en: ['Booster'], es: 'reforzador' },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('"Booster" is already rendered "servofreno"');
  });
  it('refuses avoiding what another term renders, and stray fields', () => {
    expect(
      shopTermsFileSchema.safeParse([
        { en: ['gasket'], es: 'empaque' },
        { en: ['seal'], es: 'sello', avoid: ['empaque'] },
      ]).success,
    ).toBe(false);
    expect(shopTermsFileSchema.safeParse([{ en: ['gasket'], es: 'empaque', spanish: 'x' }]).success).toBe(false);
  });
});
