/** Labelled form controls bound to Formik, with translated validation messages. */
import { useField } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { VALIDATION_IDS } from '../lib/validation-messages.ts';

function useErrorText(error: string | undefined, values?: Record<string, string | number>): string | undefined {
  const intl = useIntl();
  if (!error) return undefined;
  return VALIDATION_IDS.has(error) ? intl.formatMessage({ id: error }, values) : error;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Values for the translated validation message (e.g. min, max). */
  messageValues?: Record<string, string | number>;
  suffix?: ReactNode;
}

export function TextField({ name, label, hint, messageValues, suffix, ...input }: TextFieldProps) {
  const id = useId();
  const [field, meta] = useField<string | number>(name);
  const error = useErrorText(meta.touched ? meta.error : undefined, messageValues);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-control">
        <input
          id={id}
          className="input"
          {...field}
          value={field.value ?? ''}
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {suffix && <span className="field-suffix">{suffix}</span>}
      </div>
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

export function CheckboxField({ name, label }: { name: string; label: ReactNode }) {
  const id = useId();
  const [field, meta] = useField<boolean>({ name, type: 'checkbox' });
  const error = useErrorText(meta.touched ? meta.error : undefined);
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        className="checkbox"
        name={field.name}
        checked={field.checked ?? false}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
      <label htmlFor={id}>{label}</label>
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField({ name, label, options, placeholder }: SelectFieldProps) {
  const id = useId();
  const [field, meta] = useField<string>(name);
  const error = useErrorText(meta.touched ? meta.error : undefined);
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="input select" {...field} aria-invalid={error ? true : undefined}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}

export interface ChoiceFieldProps<Value extends string | number> {
  label: ReactNode;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  disabled?: boolean;
  /** Added to the field's class (its place in a layout). */
  className?: string;
}

/** A labelled select kept in a component's own state (a dialog's, an editor's), not in a Formik form. */
export function ChoiceField<Value extends string | number>({
  label,
  value,
  options,
  onChange,
  disabled,
  className,
}: ChoiceFieldProps<Value>) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A form-level message (e.g. 'Failed to login') announced to screen readers. */
export function FormAlert({ children, tone = 'danger' }: { children: ReactNode; tone?: 'danger' | 'success' }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
