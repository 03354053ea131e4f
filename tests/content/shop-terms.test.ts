import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkShopTerms, guideTexts, itemTexts, shopTermsFileSchema } from '../../src/domain/content/shop-terms';
import { CONTENT_DIR, loadContent } from '../../src/server/db/content';

/** The glossary of shop terms holds across every Spanish item and guide section. */
const terms = shopTermsFileSchema.parse(JSON.parse(readFileSync(join(CONTENT_DIR, 'es', 'glossary.json'), 'utf8')));

describe('the glossary of shop terms', () => {
  it('gives the issue’s shop words, with the English term shops also use', () => {
    const rendering = (en: string) => terms.find((t) => t.en.includes(en));
    expect(rendering('brake pad')).toMatchObject({ es: 'pastilla', alsoSaid: 'balatas' });
    expect(rendering('brake booster')).toMatchObject({ es: 'servofreno', alsoSaid: 'booster' });
    expect(rendering('metering valve')?.avoid).toContain('válvula de medición');
    expect(rendering('back-feed')?.avoid).toContain('retroalimentación');
    expect(terms.length).toBeGreaterThanOrEqual(150);
  });

  it.runIf(!process.env.CONTENT_DIR)(
    'is followed by every Spanish item and guide section',
    () => {
      const content = loadContent();
      const texts = [
        ...itemTexts(content.questions),
        ...itemTexts(content.freeTest),
        ...content.guides.flatMap(guideTexts),
      ];
      expect(texts.length).toBeGreaterThan(630);
      expect(checkShopTerms(terms, texts)).toEqual([]);
    },
    30_000,
  );
});
