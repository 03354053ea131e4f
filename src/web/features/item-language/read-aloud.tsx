import { Square, Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ItemLanguage } from './item-language';

const SPEECH_LANG: Record<ItemLanguage, string> = { en: 'en-US', es: 'es-US' };

function synthesis(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/** A voice of the browser for this language (voices arrive after the page loads), else null. */
function useVoice(language: ItemLanguage): SpeechSynthesisVoice | null {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  useEffect(() => {
    const speech = synthesis();
    if (!speech) return;
    const choose = () => {
      const voices = speech.getVoices().filter((v) => v.lang.toLowerCase().startsWith(language));
      setVoice(
        voices.find((v) => v.lang === SPEECH_LANG[language]) ?? voices.find((v) => v.default) ?? voices[0] ?? null,
      );
    };
    choose();
    speech.addEventListener('voiceschanged', choose);
    return () => speech.removeEventListener('voiceschanged', choose);
  }, [language]);
  return voice;
}

/**
 * Reads the text aloud with the browser's speech synthesis in the item's language. Hidden where
 * the browser has no voice for that language; a second tap stops it, and it stops when the text changes.
 */
export function ReadAloudButton({ text, language }: { text: string; language: ItemLanguage }) {
  const voice = useVoice(language);
  const [speaking, setSpeaking] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop reading when the text or its language changes
  useEffect(() => {
    return () => {
      synthesis()?.cancel();
      setSpeaking(false);
    };
  }, [text, language]);
  if (!voice) return null;
  const toggle = () => {
    const speech = synthesis();
    if (!speech) return;
    speech.cancel();
    if (speaking) {
      setSpeaking(false);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang || SPEECH_LANG[language];
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    setSpeaking(true);
    speech.speak(utterance);
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={speaking}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {speaking ? (
        <Square className="h-4 w-4" aria-hidden="true" />
      ) : (
        <Volume2 className="h-4 w-4" aria-hidden="true" />
      )}
      <FormattedMessage id={speaking ? 'common.item.stopReading' : 'common.item.readAloud'} />
    </button>
  );
}
