/**
 * One toolbar's settings table (spec 2 §2 "Toolbar settings tables"): its items in order with
 * folders' children beneath them, each with its type, position and visibility; add, edit,
 * move up or down, delete (confirmed) and reset to the defaults. Every change is saved at once
 * through `onSave`; a failed save puts the table back as it was.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PermissionKey, ToolbarFeatureKey, ToolbarItem, ToolbarPosition } from '@pacs/common';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconButton, LineIcon, ICON_PATHS } from '../../../components/icons.tsx';
import { sessionStore } from '../../../state/index.ts';
import { featureLabel, itemLabel } from '../toolbar-labels.ts';
import {
  addItem,
  itemAt,
  moveItem,
  newDivider,
  newFeature,
  newFolder,
  offeredFeatures,
  placeItem,
  removeItem,
  siteHiddenFeatures,
  updateItem,
  type ItemPath,
  type ToolbarPage,
} from '../toolbar-items.ts';
import { ToolbarItemDialog, type ToolbarItemValues } from './toolbar-item-dialog.tsx';

export interface ToolbarEditorProps {
  page: ToolbarPage;
  /** The saved items; the editor starts from them (remount it with a key to start over). */
  items: readonly ToolbarItem[];
  defaults: () => ToolbarItem[];
  /** Whether the people using this toolbar hold a permission: features they cannot use are not offered. */
  can: (permission: PermissionKey) => boolean;
  onSave: (items: ToolbarItem[]) => Promise<unknown>;
}

type EditorDialog = { name: 'add' } | { name: 'edit'; path: ItemPath } | { name: 'delete'; path: ItemPath } | { name: 'reset' } | null;

const PATHS = {
  ...ICON_PATHS,
  reset: 'M4 11a8 8 0 1 1 2.3 5.7M4 4v7h7',
};

export function ToolbarEditor({ page, items: saved, defaults, can, onSave }: ToolbarEditorProps) {
  const intl = useIntl();
  const [items, setItems] = useState<ToolbarItem[]>(() => [...saved]);
  const [dialog, setDialog] = useState<EditorDialog>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');

  const commit = (next: ToolbarItem[]) => {
    const before = items;
    setItems(next);
    setStatus('saving');
    onSave(next).then(
      () => setStatus('saved'),
      () => {
        // The global error handler told the user; the table shows what is really stored.
        setItems(before);
        setStatus('idle');
      },
    );
  };

  const folders = items.flatMap((item, index) => (item.type === 'folder' ? [{ value: String(index), label: item.label }] : []));
  const featureOptions = (keep?: string) =>
    offeredFeatures(page, items, can, keep, siteHiddenFeatures(sessionStore.configs)).map((key) => ({
      value: key,
      label: featureLabel(intl, key),
    }));

  const submit = (values: ToolbarItemValues) => {
    if (!dialog || (dialog.name !== 'add' && dialog.name !== 'edit')) return;
    const folder = values.type === 'folder' || values.folder === '' ? null : Number(values.folder);
    if (dialog.name === 'add') {
      const item =
        values.type === 'folder'
          ? newFolder(items, values.label, values.position)
          : values.type === 'divider'
            ? newDivider(items, values.position)
            : newFeature(page, values.feature as ToolbarFeatureKey, values.position);
      commit(addItem(items, item, folder));
    } else {
      const current = itemAt(items, dialog.path);
      if (!current) return;
      const patch: Partial<ToolbarItem> =
        current.type === 'folder'
          ? { label: values.label.trim(), position: values.position }
          : current.type === 'divider' || values.feature === current.key
            ? { position: values.position }
            : { ...newFeature(page, values.feature as ToolbarFeatureKey, values.position), is_visible: current.is_visible };
      commit(placeItem(updateItem(items, dialog.path, patch), dialog.path, folder));
    }
    setDialog(null);
  };

  const editValues = (path: ItemPath): ToolbarItemValues => {
    const item = itemAt(items, path);
    const type = item?.type === 'folder' ? 'folder' : item?.type === 'divider' ? 'divider' : 'feature';
    return {
      type,
      feature: type === 'feature' ? (item?.key ?? '') : '',
      label: type === 'folder' ? (item?.label ?? '') : '',
      position: item?.position ?? 'left',
      folder: path.length === 2 ? String(path[0]) : '',
    };
  };

  const toggleCollapsed = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const typeLabel = (item: ToolbarItem) =>
    item.type === 'folder'
      ? intl.formatMessage({ id: 'toolbars.type.folder' })
      : item.type === 'divider'
        ? intl.formatMessage({ id: 'toolbars.type.divider' })
        : intl.formatMessage({ id: 'toolbars.type.feature' });

  const renderRow = (item: ToolbarItem, path: ItemPath, siblings: number) => {
    const name = itemLabel(intl, item);
    const index = path[path.length - 1]!;
    const isFolder = item.type === 'folder';
    const open = isFolder && !collapsed.has(item.key);
    return (
      <tr
        key={path.join('.')}
        className={`toolbar-row${path.length === 2 ? ' toolbar-row-child' : ''}${item.is_visible ? '' : ' is-hidden'}`}
      >
        <th scope="row">
          <div className="toolbar-cell-name">
            {isFolder ? (
              <button
                type="button"
                className="icon-button tree-toggle"
                aria-expanded={open}
                aria-label={
                  open ? intl.formatMessage({ id: 'toolbars.collapse' }, { name }) : intl.formatMessage({ id: 'toolbars.expand' }, { name })
                }
                onClick={() => toggleCollapsed(item.key)}
              >
                <span className={`tree-caret${open ? ' is-open' : ''}`} aria-hidden="true" />
              </button>
            ) : (
              <span className="toolbar-cell-spacer" aria-hidden="true" />
            )}
            <span className={item.type === 'divider' ? 'muted' : undefined}>{name}</span>
            {isFolder && <span className="badge">{(item.items ?? []).length}</span>}
          </div>
        </th>
        <td>{typeLabel(item)}</td>
        <td>
          <select
            className="input select toolbar-position"
            aria-label={intl.formatMessage({ id: 'toolbars.position_of' }, { name })}
            value={item.position}
            onChange={(event) => commit(updateItem(items, path, { position: event.target.value as ToolbarPosition }))}
          >
            <option value="left">{intl.formatMessage({ id: 'toolbars.position.left' })}</option>
            <option value="right">{intl.formatMessage({ id: 'toolbars.position.right' })}</option>
          </select>
        </td>
        <td>
          <input
            type="checkbox"
            className="checkbox"
            checked={item.is_visible}
            aria-label={intl.formatMessage({ id: 'toolbars.visible_of' }, { name })}
            onChange={(event) => commit(updateItem(items, path, { is_visible: event.target.checked }))}
          />
        </td>
        <td className="toolbar-cell-actions">
          <IconButton
            label={intl.formatMessage({ id: 'toolbars.move_up' }, { name })}
            path={PATHS.up}
            disabled={index === 0}
            onClick={() => commit(moveItem(items, path, -1))}
          />
          <IconButton
            label={intl.formatMessage({ id: 'toolbars.move_down' }, { name })}
            path={PATHS.down}
            disabled={index === siblings - 1}
            onClick={() => commit(moveItem(items, path, 1))}
          />
          <IconButton
            label={intl.formatMessage({ id: 'toolbars.edit' }, { name })}
            path={PATHS.edit}
            onClick={() => setDialog({ name: 'edit', path })}
          />
          <IconButton
            label={intl.formatMessage({ id: 'toolbars.delete' }, { name })}
            path={PATHS.delete}
            danger
            onClick={() => setDialog({ name: 'delete', path })}
          />
        </td>
      </tr>
    );
  };

  const rows = items.flatMap((item, index) => {
    const children = item.type === 'folder' && !collapsed.has(item.key) ? (item.items ?? []) : [];
    return [
      renderRow(item, [index], items.length),
      ...children.map((child, childIndex) => renderRow(child, [index, childIndex], children.length)),
    ];
  });

  const editing = dialog?.name === 'edit' ? itemAt(items, dialog.path) : undefined;
  const deleting = dialog?.name === 'delete' ? itemAt(items, dialog.path) : undefined;

  return (
    <div className="toolbar-editor">
      <div className="toolbar-editor-actions">
        <span className="toolbar-editor-status" role="status">
          {status === 'saving' && <FormattedMessage id="toolbars.saving" />}
          {status === 'saved' && <FormattedMessage id="common.saved" />}
        </span>
        <button type="button" className="button" onClick={() => setDialog({ name: 'reset' })}>
          <LineIcon path={PATHS.reset} />
          <FormattedMessage id="toolbars.reset" />
        </button>
        <button type="button" className="button button-primary" onClick={() => setDialog({ name: 'add' })}>
          <LineIcon path={PATHS.add} />
          <FormattedMessage id="toolbars.add" />
        </button>
      </div>
      <div className="table-wrap">
        <table className="table toolbar-table" data-page={page}>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="toolbars.column.name" />
              </th>
              <th scope="col">
                <FormattedMessage id="toolbars.column.type" />
              </th>
              <th scope="col">
                <FormattedMessage id="toolbars.column.position" />
              </th>
              <th scope="col">
                <FormattedMessage id="toolbars.column.visible" />
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="toolbars.column.actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length > 0 ? (
              rows
            ) : (
              <tr>
                <td colSpan={5} className="table-empty">
                  <FormattedMessage id="toolbars.empty" />
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      {dialog?.name === 'add' && (
        <ToolbarItemDialog
          mode="add"
          initial={{ type: 'feature', feature: '', label: '', position: 'left', folder: '' }}
          features={featureOptions()}
          folders={folders}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.name === 'edit' && editing && (
        <ToolbarItemDialog
          mode="edit"
          initial={editValues(dialog.path)}
          features={featureOptions(editing.key)}
          folders={folders}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.name === 'delete' && deleting && (
        <ConfirmDialog
          title={<FormattedMessage id="toolbars.delete_title" />}
          confirmLabel={<FormattedMessage id="toolbars.delete_confirm" />}
          danger
          onConfirm={() => commit(removeItem(items, dialog.path))}
          onClose={() => setDialog(null)}
        >
          <p>
            <FormattedMessage id="toolbars.about_to_delete_toolbar_item" values={{ name: <strong>{itemLabel(intl, deleting)}</strong> }} />
          </p>
          {deleting.type === 'folder' && (deleting.items ?? []).length > 0 && (
            <p>
              <FormattedMessage id="toolbars.folder_children" values={{ count: (deleting.items ?? []).length }} />
            </p>
          )}
          <p>
            <FormattedMessage id="toolbars.sure_to_delete" />
          </p>
          <p className="muted">
            <FormattedMessage id="toolbars.cannot_be_undone" />
          </p>
        </ConfirmDialog>
      )}
      {dialog?.name === 'reset' && (
        <ConfirmDialog
          title={<FormattedMessage id="toolbars.reset_title" />}
          confirmLabel={<FormattedMessage id="toolbars.reset" />}
          onConfirm={() => commit(defaults())}
          onClose={() => setDialog(null)}
        >
          <p>
            <FormattedMessage id="toolbars.reset_question" />
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
