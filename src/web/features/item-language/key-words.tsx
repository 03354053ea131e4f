import { Fragment } from 'react';
import type { ItemLanguage } from './item-language';

/**
 * The words a stem writes in capitals to mark what kind of answer it wants (readability): the
 * stem is set in regular weight and only these are bold.
 */
const KEY_WORDS: Record<ItemLanguage, RegExp> = {
  en: /\b(MOST LIKELY|LEAST LIKELY|MOST|LEAST|NEXT|FIRST|BEST|EXCEPT|NOT)\b/g,
  es: /(?<![\p{L}\p{N}])(MÁS PROBABLE|MENOS PROBABLE|A CONTINUACIÓN|SIGUIENTE|PRIMERO|PRIMER|MEJOR|EXCEPTO|MÁS|MENOS|NO)(?![\p{L}\p{N}])/gu,
};

export function splitKeyWords(text: string, language: ItemLanguage): { text: string; key: boolean }[] {
  const parts: { text: string; key: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(KEY_WORDS[language])) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), key: false });
    parts.push({ text: match[0], key: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), key: false });
  return parts;
}

export function StemText({ text, language }: { text: string; language: ItemLanguage }) {
  return (
    <>
      {splitKeyWords(text, language).map((part, i) =>
        part.key ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
          <strong key={i} className="font-bold">
            {part.text}
          </strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
