/** The editor's text sections, in the order and with the labels of the configs' report.layout. */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { SECTION_LABELS } from '../section-labels.ts';
import type { Section, SectionKey } from '../sections.ts';

export function useSectionLabel() {
  const intl = useIntl();
  return (section: Section) => section.label ?? intl.formatMessage(SECTION_LABELS[section.key]);
}

export interface ReportSectionsProps {
  sections: readonly Section[];
  values: Record<SectionKey, string>;
  readOnly: boolean;
  onChange: (key: SectionKey, text: string) => void;
  /** Where the caret is, so a template goes there. */
  onCaret?: (key: SectionKey, caret: number) => void;
}

export function ReportSections({ sections, values, readOnly, onChange, onCaret }: ReportSectionsProps) {
  const id = useId();
  const label = useSectionLabel();
  const track = (key: SectionKey) => (event: { currentTarget: HTMLTextAreaElement }) => onCaret?.(key, event.currentTarget.selectionStart);
  return (
    <div className="report-sections">
      {sections.map((section) => (
        <div key={section.key} className="field report-section" data-section={section.key}>
          <label htmlFor={`${id}-${section.key}`} className="field-label">
            {label(section)}
          </label>
          <textarea
            id={`${id}-${section.key}`}
            className="input report-textarea"
            rows={section.key === 'findings' ? 8 : 4}
            value={values[section.key]}
            readOnly={readOnly}
            onChange={(event) => {
              onChange(section.key, event.target.value);
              onCaret?.(section.key, event.target.selectionStart);
            }}
            onFocus={track(section.key)}
            onSelect={track(section.key)}
            onKeyUp={track(section.key)}
            onClick={track(section.key)}
          />
        </div>
      ))}
    </div>
  );
}
