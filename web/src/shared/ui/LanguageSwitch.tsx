import { chooseLanguage, useLanguage } from '../../i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';

/**
 * The language switch of the guest, member and top pages: a native select (small, and the phone's
 * own picker), each language in its own name, labelled in all three so anyone finds it.
 * `onChosen` runs after the texts are shown (mypage saves the choice on the server).
 */
export function LanguageSwitch({ onChosen, className }: { onChosen?: (language: Language) => void; className?: string }) {
  const language = useLanguage();
  return (
    <select
      className={className}
      aria-label="言語 / Language / 语言"
      value={language}
      onChange={(event) => {
        const chosen = event.target.value as Language;
        void chooseLanguage(chosen).then(() => onChosen?.(chosen));
      }}
    >
      {LANGUAGES.map((option) => (
        <option key={option} value={option} lang={option}>
          {LANGUAGE_NAMES[option]}
        </option>
      ))}
    </select>
  );
}
