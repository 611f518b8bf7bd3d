/**
 * The report toolbar (spec 2 §2 "Report screen", the user's report toolbar settings): save,
 * delete, viewer and PDF on the left, the template picker and the layout (administrators) on the
 * right. Actions the user may not use are not shown.
 */
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ToolbarItem } from '@pacs/common';
import { visibleToolbarItems } from '../../toolbars/index.ts';
import { sessionStore } from '../../../state/index.ts';
import { LineIcon } from '../../../components/icons.tsx';

const LABELS = defineMessages({
  save: { id: 'reports.toolbar.save' },
  delete: { id: 'reports.toolbar.delete' },
  viewer: { id: 'reports.toolbar.viewer' },
  pdf: { id: 'reports.toolbar.pdf' },
  template: { id: 'reports.toolbar.template' },
  layout: { id: 'reports.toolbar.layout' },
});

export interface ReportActions {
  save: { disabled: boolean; busy: boolean; run: () => void };
  delete: { disabled: boolean; run: () => void };
  viewer: { run: () => void };
  /** Null while there is no document to print. */
  pdf: { href: string | null };
  template: { disabled: boolean; run: () => void };
  /** Opens the report layout dialog. */
  layout: { run: () => void };
}

const ICONS: Record<string, string> = {
  save: 'M5 3h11l3 3v15H5zM8 3v6h8V3M8 21v-7h8v7',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  viewer: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  pdf: 'M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h4',
  template: 'M4 4h16v5H4zM4 13h7v7H4zM15 13h5M15 17h5',
  layout: 'M4 4h16v16H4zM4 10h16M10 10v10',
};

export const ReportToolbar = observer(function ReportToolbar({
  items,
  actions,
}: {
  items: readonly ToolbarItem[];
  actions: ReportActions;
}) {
  const intl = useIntl();
  const label = (item: ToolbarItem) => {
    const descriptor = LABELS[item.key as keyof typeof LABELS];
    return descriptor ? intl.formatMessage(descriptor) : item.label;
  };
  const content = (item: ToolbarItem): ReactNode => (
    <>
      {ICONS[item.key] && <LineIcon path={ICONS[item.key]!} strokeWidth={1.9} />}
      {label(item)}
    </>
  );

  const render = (item: ToolbarItem) => {
    if (item.type === 'divider') return <span key={item.key} className="toolbar-divider" role="separator" />;
    switch (item.key) {
      case 'save':
        return (
          <button
            key={item.key}
            type="button"
            className="tool-button tool-primary"
            disabled={actions.save.disabled || actions.save.busy}
            aria-busy={actions.save.busy || undefined}
            onClick={actions.save.run}
          >
            {content(item)}
          </button>
        );
      case 'delete':
        return (
          <button key={item.key} type="button" className="tool-button" disabled={actions.delete.disabled} onClick={actions.delete.run}>
            {content(item)}
          </button>
        );
      case 'viewer':
        return (
          <button key={item.key} type="button" className="tool-button" onClick={actions.viewer.run}>
            {content(item)}
          </button>
        );
      case 'pdf':
        return actions.pdf.href ? (
          <a key={item.key} className="tool-button" href={actions.pdf.href} target="_blank" rel="noopener">
            {content(item)}
          </a>
        ) : (
          <button key={item.key} type="button" className="tool-button" disabled>
            {content(item)}
          </button>
        );
      case 'template':
        return (
          <button key={item.key} type="button" className="tool-button" disabled={actions.template.disabled} onClick={actions.template.run}>
            {content(item)}
          </button>
        );
      case 'layout':
        return (
          <button key={item.key} type="button" className="tool-button" onClick={actions.layout.run}>
            {content(item)}
          </button>
        );
      default:
        return (
          <button key={item.key} type="button" className="tool-button" disabled title={intl.formatMessage({ id: 'reports.toolbar.later' })}>
            {content(item)}
          </button>
        );
    }
  };

  const { left, right } = visibleToolbarItems('report', items, { can: (permission) => sessionStore.can(permission), folders: false });
  return (
    <div className="report-toolbar">
      <div className="toolbar-group">{left.map(render)}</div>
      <div className="toolbar-group toolbar-end">{right.map(render)}</div>
    </div>
  );
});
