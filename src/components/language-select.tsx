import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, HTML_LANG, LANGUAGE_META, isLanguage } from "@/config/languages";
import { changeLanguage, languageOfTag } from "@/lib/i18n";

/** Language switch; the choice is remembered and survives logout. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = languageOfTag(i18n.resolvedLanguage);
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{t("settings.language")}</label>
      <select
        id={id}
        className="select"
        data-testid="language-select"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={HTML_LANG[lang]}>
            {LANGUAGE_META[lang].name}
          </option>
        ))}
      </select>
    </div>
  );
}
