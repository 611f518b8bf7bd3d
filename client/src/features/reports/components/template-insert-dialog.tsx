/** The "template insert" dialog: the user's template tree; choosing a template puts it into the editor. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReportTemplate } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';

export interface TemplateInsertDialogProps {
  tree: readonly ReportTemplate[];
  onInsert: (template: ReportTemplate) => void;
  onClose: () => void;
}

export function TemplateInsertDialog({ tree, onInsert, onClose }: TemplateInsertDialogProps) {
  const intl = useIntl();
  const [open, setOpen] = useState<Set<string>>(() => new Set(tree.filter((node) => !node.is_collapsed).map((node) => node.key)));
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const renderNode = (node: ReportTemplate) => {
    if (node.type === 'template') {
      const preview = [node.findings, node.impression, node.comments].filter(Boolean).join(' · ');
      return (
        <li key={node.key}>
          <button type="button" className="template-pick" onClick={() => onInsert(node)}>
            <span className="template-pick-name">{node.label}</span>
            {preview && <span className="template-pick-preview">{preview}</span>}
          </button>
        </li>
      );
    }
    const expanded = open.has(node.key);
    return (
      <li key={node.key}>
        <button type="button" className="template-pick-folder" aria-expanded={expanded} onClick={() => toggle(node.key)}>
          <span className={`tree-caret${expanded ? ' is-open' : ''}`} aria-hidden="true" />
          {node.label}
        </button>
        {expanded && (
          <ul className="template-pick-list">
            {(node.items ?? []).length === 0 ? (
              <li className="muted template-pick-empty">{intl.formatMessage({ id: 'reports.templates.empty_folder' })}</li>
            ) : (
              (node.items ?? []).map(renderNode)
            )}
          </ul>
        )}
      </li>
    );
  };

  return (
    <Dialog
      title={<FormattedMessage id="reports.insert.title" />}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </button>
      }
    >
      {tree.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="reports.insert.none" />
        </p>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage id="reports.insert.hint" />
          </p>
          <ul className="template-pick-list">{tree.map(renderNode)}</ul>
        </>
      )}
    </Dialog>
  );
}
