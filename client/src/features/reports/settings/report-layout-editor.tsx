/**
 * The report layout editor (configs report.layout): each of the ten sections with its label, its
 * visibility and its place. Used by admin/client/report and by the report screen's Layout
 * dialog; the caller decides what saving does.
 */
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReportLayoutItem } from '@pacs/common';
import { LineIcon, ICON_PATHS } from '../../../components/icons.tsx';
import { moveEntry } from '../../../lib/move-entry.ts';
import { SECTION_LABELS } from '../section-labels.ts';
import { completeLayout, defaultLayout, normaliseLayout } from './layout.ts';

const DEFAULT_LABELS = new Map(defaultLayout().map((item) => [item.key, item.label]));

export interface ReportLayoutEditorProps {
  layout: readonly ReportLayoutItem[] | undefined;
  saving: boolean;
  onSave: (layout: ReportLayoutItem[]) => void;
  /** Extra buttons beside Save (e.g. a dialog's Cancel). */
  actions?: ReactNode;
}

export function ReportLayoutEditor({ layout, saving, onSave, actions }: ReportLayoutEditorProps) {
  const intl = useIntl();
  const baseId = useId();
  // A label equal to the default is shown empty, so the translated name shows as the placeholder.
  const [items, setItems] = useState<ReportLayoutItem[]>(() =>
    completeLayout(layout).map((item) => (DEFAULT_LABELS.get(item.key) === item.label ? { ...item, label: '' } : item)),
  );
  const name = (key: string) => {
    const descriptor = SECTION_LABELS[key as keyof typeof SECTION_LABELS];
    return descriptor ? intl.formatMessage(descriptor) : key;
  };
  const change = (index: number, patch: Partial<ReportLayoutItem>) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  return (
    <form
      className="report-layout-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(normaliseLayout(items));
      }}
    >
      <div className="table-wrap">
        <table className="table report-layout-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="report_settings.layout.section" />
              </th>
              <th scope="col">
                <FormattedMessage id="report_settings.layout.label" />
              </th>
              <th scope="col">
                <FormattedMessage id="report_settings.layout.visible" />
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="report_settings.layout.order" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={item.key}>
                <th scope="row">
                  <label htmlFor={`${baseId}-${item.key}`}>{name(item.key)}</label>
                </th>
                <td>
                  <input
                    id={`${baseId}-${item.key}`}
                    className="input"
                    maxLength={50}
                    value={item.label}
                    placeholder={name(item.key)}
                    autoComplete="off"
                    onChange={(event) => change(index, { label: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={item.is_visible}
                    aria-label={intl.formatMessage({ id: 'report_settings.layout.visible_of' }, { name: name(item.key) })}
                    onChange={(event) => change(index, { is_visible: event.target.checked })}
                  />
                </td>
                <td className="report-layout-order">
                  <button
                    type="button"
                    className="icon-button"
                    disabled={index === 0}
                    aria-label={intl.formatMessage({ id: 'report_settings.layout.move_up' }, { name: name(item.key) })}
                    onClick={() => setItems((current) => moveEntry(current, index, -1))}
                  >
                    <LineIcon path={ICON_PATHS.up} />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    disabled={index === items.length - 1}
                    aria-label={intl.formatMessage({ id: 'report_settings.layout.move_down' }, { name: name(item.key) })}
                    onClick={() => setItems((current) => moveEntry(current, index, 1))}
                  >
                    <LineIcon path={ICON_PATHS.down} />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        {actions}
        <button type="submit" className="button button-primary" disabled={saving || !items.some((item) => item.is_visible)}>
          <FormattedMessage id="report_settings.layout.save" />
        </button>
      </div>
    </form>
  );
}
