/**
 * user/report/template (spec 2 §2 "Report template editor"): the user's tree of folders and
 * templates. Folders sit at the top level and hold templates; rows drag to reorder (or move
 * with the arrow buttons), folders collapse; add, edit and delete open dialogs. Every change
 * saves the whole tree as settings report.template.
 */
import { observer } from 'mobx-react-lite';
import { useState, type DragEvent } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { ReportTemplate } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { IconButton, LineIcon, ICON_PATHS } from '../../../components/icons.tsx';
import { useReplaceSettings } from '../../settings/index.ts';
import {
  addFolder,
  addTemplate,
  canDrop,
  moveBy,
  moveNode,
  removeNode,
  toggleCollapsed,
  updateNode,
  type DropPlace,
} from '../template-tree.ts';
import type { TemplateValues } from '../template-schema.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { TemplateDialog } from './template-dialog.tsx';
import '../template-editor.css';
import { PageHeader } from '../../../components/page-header.tsx';

type EditorDialog =
  | { name: 'add-folder' }
  | { name: 'add-template'; folder: ReportTemplate }
  | { name: 'edit'; node: ReportTemplate }
  | { name: 'delete'; node: ReportTemplate }
  | null;

const EMPTY: TemplateValues = { label: '', findings: '', impression: '', comments: '' };

const PATHS = {
  folder: 'M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z',
  template: 'M14 3H6v18h12V7zM14 3v4h4M9 12h6M9 16h6',
  grip: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  ...ICON_PATHS,
};

export const TemplateEditorScreen = observer(function TemplateEditorScreen() {
  const intl = useIntl();
  const saved = sessionStore.settings?.report?.template ?? [];
  const [tree, setTree] = useState<ReportTemplate[]>(saved);
  const [dialog, setDialog] = useState<EditorDialog>(null);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ key: string; place: DropPlace } | null>(null);
  const replace = useReplaceSettings();

  const commit = (next: ReportTemplate[]) => {
    setTree(next);
    replace.mutate({ key: 'report.template', value: next }, { onError: () => setTree(sessionStore.settings?.report?.template ?? []) });
  };

  const placeFor = (event: DragEvent<HTMLElement>, node: ReportTemplate): DropPlace => {
    const dragged = dragKey ? tree.flatMap((item) => [item, ...(item.items ?? [])]).find((item) => item.key === dragKey) : undefined;
    if (dragged?.type === 'template' && node.type === 'folder') return 'inside';
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
  };
  const dragProps = (node: ReportTemplate) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.setData('text/plain', node.key);
      event.dataTransfer.effectAllowed = 'move';
      setDragKey(node.key);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!dragKey) return;
      const place = placeFor(event, node);
      if (!canDrop(tree, dragKey, node.key, place)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (drop?.key !== node.key || drop.place !== place) setDrop({ key: node.key, place });
    },
    onDragLeave: () => setDrop((current) => (current?.key === node.key ? null : current)),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      const key = dragKey ?? event.dataTransfer.getData('text/plain');
      const place = placeFor(event, node);
      setDragKey(null);
      setDrop(null);
      if (key && canDrop(tree, key, node.key, place)) commit(moveNode(tree, key, node.key, place));
    },
    onDragEnd: () => {
      setDragKey(null);
      setDrop(null);
    },
  });

  const rowClass = (node: ReportTemplate) =>
    ['tree-row', `tree-${node.type}`, dragKey === node.key ? 'is-dragging' : '', drop?.key === node.key ? `drop-${drop.place}` : '']
      .filter(Boolean)
      .join(' ');

  const actions = (node: ReportTemplate, index: number, count: number) => {
    const label = (message: MessageDescriptor) => intl.formatMessage(message, { name: node.label });
    return (
      <span className="tree-actions">
        {node.type === 'folder' && (
          <IconButton
            label={label({ id: 'reports.templates.add_template_to' })}
            title={intl.formatMessage({ id: 'reports.templates.add_template' })}
            path={PATHS.add}
            onClick={() => setDialog({ name: 'add-template', folder: node })}
          />
        )}
        <IconButton
          label={label({ id: 'reports.templates.move_up' })}
          path={PATHS.up}
          disabled={index === 0}
          onClick={() => commit(moveBy(tree, node.key, -1))}
        />
        <IconButton
          label={label({ id: 'reports.templates.move_down' })}
          path={PATHS.down}
          disabled={index === count - 1}
          onClick={() => commit(moveBy(tree, node.key, 1))}
        />
        <IconButton label={label({ id: 'reports.templates.edit' })} path={PATHS.edit} onClick={() => setDialog({ name: 'edit', node })} />
        <IconButton
          label={label({ id: 'reports.templates.delete' })}
          path={PATHS.delete}
          danger
          onClick={() => setDialog({ name: 'delete', node })}
        />
      </span>
    );
  };

  const renderTemplate = (node: ReportTemplate, index: number, count: number) => (
    <li key={node.key} role="treeitem" aria-selected={false} aria-label={node.label}>
      <div className={rowClass(node)} {...dragProps(node)}>
        <span className="tree-grip" aria-hidden="true">
          <LineIcon path={PATHS.grip} />
        </span>
        <span className="tree-icon">
          <LineIcon path={PATHS.template} />
        </span>
        <span className="tree-label">{node.label}</span>
        <span className="tree-preview">{[node.findings, node.impression, node.comments].filter(Boolean).join(' · ')}</span>
        {actions(node, index, count)}
      </div>
    </li>
  );

  const renderFolder = (node: ReportTemplate, index: number, count: number) => {
    const items = node.items ?? [];
    const expanded = !node.is_collapsed;
    return (
      <li key={node.key} role="treeitem" aria-expanded={expanded} aria-selected={false} aria-label={node.label}>
        <div className={rowClass(node)} {...dragProps(node)}>
          <span className="tree-grip" aria-hidden="true">
            <LineIcon path={PATHS.grip} />
          </span>
          <button
            type="button"
            className="icon-button tree-toggle"
            aria-label={
              expanded
                ? intl.formatMessage({ id: 'reports.templates.collapse' }, { name: node.label })
                : intl.formatMessage({ id: 'reports.templates.expand' }, { name: node.label })
            }
            onClick={() => commit(toggleCollapsed(tree, node.key))}
          >
            <span className={`tree-caret${expanded ? ' is-open' : ''}`} aria-hidden="true" />
          </button>
          <span className="tree-icon">
            <LineIcon path={PATHS.folder} />
          </span>
          <span className="tree-label">{node.label}</span>
          <span className="tree-count">{intl.formatMessage({ id: 'reports.templates.count' }, { count: items.length })}</span>
          {actions(node, index, count)}
        </div>
        {expanded && (
          <ul role="group" className="tree-group">
            {items.length === 0 ? (
              <li className="tree-empty muted">
                <FormattedMessage id="reports.templates.empty_folder" />
              </li>
            ) : (
              items.map((child, childIndex) => renderTemplate(child, childIndex, items.length))
            )}
          </ul>
        )}
      </li>
    );
  };

  const submit = (values: TemplateValues) => {
    if (!dialog) return;
    if (dialog.name === 'add-folder') commit(addFolder(tree, values.label));
    else if (dialog.name === 'add-template') {
      const { label, ...content } = values;
      commit(addTemplate(tree, dialog.folder.key, label, content));
    } else if (dialog.name === 'edit') {
      commit(updateNode(tree, dialog.node.key, dialog.node.type === 'folder' ? { label: values.label } : values));
    }
    setDialog(null);
  };

  return (
    <div className="page template-editor">
      <PageHeader
        title={<FormattedMessage id="reports.templates.title" />}
        description={<FormattedMessage id="reports.templates.description" />}
      >
        <div className="template-editor-actions">
          {replace.isSuccess && !replace.isPending && (
            <span className="saved-mark" role="status">
              <FormattedMessage id="common.saved" />
            </span>
          )}
          <button type="button" className="button button-primary" onClick={() => setDialog({ name: 'add-folder' })}>
            <LineIcon path={PATHS.add} />
            <FormattedMessage id="reports.templates.add_folder" />
          </button>
        </div>
      </PageHeader>
      <div className="card template-tree-card">
        {tree.length === 0 ? (
          <p className="muted template-tree-empty">
            <FormattedMessage id="reports.templates.none" />
          </p>
        ) : (
          <ul role="tree" className="template-tree" aria-label={intl.formatMessage({ id: 'reports.templates.title' })}>
            {tree.map((node, index) =>
              node.type === 'folder' ? renderFolder(node, index, tree.length) : renderTemplate(node, index, tree.length),
            )}
          </ul>
        )}
      </div>

      {(dialog?.name === 'add-folder' || dialog?.name === 'add-template') && (
        <TemplateDialog
          kind={dialog.name === 'add-folder' ? 'folder' : 'template'}
          mode="add"
          initial={EMPTY}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.name === 'edit' && (
        <TemplateDialog
          kind={dialog.node.type}
          mode="edit"
          initial={{
            label: dialog.node.label,
            findings: dialog.node.findings ?? '',
            impression: dialog.node.impression ?? '',
            comments: dialog.node.comments ?? '',
          }}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.name === 'delete' && (
        <ConfirmDeleteDialog
          title={
            dialog.node.type === 'folder' ? (
              <FormattedMessage id="reports.templates.delete_folder" />
            ) : (
              <FormattedMessage id="reports.templates.delete_template" />
            )
          }
          subject={dialog.node.label}
          onConfirm={() => commit(removeNode(tree, dialog.node.key))}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
});
