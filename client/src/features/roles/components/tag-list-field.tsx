import { useId, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '../../../components/icons.tsx';
import { addTag } from '../targets.ts';
import type { TargetList } from '../types.ts';

interface TagListFieldProps {
  list: TargetList;
  label: string;
  tags: readonly string[];
  suggestions: readonly string[];
  onChange: (tags: string[]) => void;
}

/** A list of short values (AE titles, institution names, modalities): type or pick, Enter adds. */
export function TagListField({ list, label, tags, suggestions, onChange }: TagListFieldProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const offered = suggestions.filter((value) => !tags.some((tag) => tag.toLowerCase() === value.toLowerCase()));

  const add = () => {
    if (text.trim() === '') return;
    onChange(addTag(tags, list, text));
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter would submit the dialog's form; here it adds the tag.
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="field tag-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="tag-box">
        <ul className="tag-list" aria-label={label}>
          {tags.map((tag) => (
            <li key={tag} className="tag">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-remove"
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                aria-label={intl.formatMessage({ id: 'accounts_admin.targets.remove' }, { value: tag })}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          className="tag-input"
          value={text}
          list={`${id}-suggestions`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          placeholder={intl.formatMessage({ id: 'accounts_admin.targets.add_placeholder' })}
        />
        <datalist id={`${id}-suggestions`}>
          {offered.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      </div>
      {tags.length === 0 && (
        <div className="field-hint">
          <FormattedMessage id="accounts_admin.targets.any" />
        </div>
      )}
    </div>
  );
}
