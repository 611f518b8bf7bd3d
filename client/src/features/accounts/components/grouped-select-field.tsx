import { useField } from 'formik';
import { useId, type ReactNode } from 'react';

export interface OptionGroup {
  label: string;
  options: readonly { value: string; label: string }[];
}

interface GroupedSelectFieldProps {
  name: string;
  label: ReactNode;
  groups: readonly OptionGroup[];
  placeholder: string;
  hint?: ReactNode;
}

/** A select whose options come in labelled groups (roles by institution). */
export function GroupedSelectField({ name, label, groups, placeholder, hint }: GroupedSelectFieldProps) {
  const id = useId();
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? meta.error : undefined;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="input select" {...field} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        <option value="">{placeholder}</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}
