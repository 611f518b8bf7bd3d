import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { LANGUAGES } from '../i18n/languages.ts';
import './language-select.css';

/** A labelled picker over the interface languages (names in their own script). */
export function LanguageSelect({
  value,
  onChange,
  compact = false,
}: {
  value: string;
  onChange: (code: string) => void;
  compact?: boolean;
}) {
  const id = useId();
  return (
    <div className={compact ? 'language-select language-select-compact' : 'field language-select'}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'field-label'}>
        <FormattedMessage id="shell.language" />
      </label>
      <select id={id} className="input select" value={value} onChange={(event) => onChange(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
