/**
 * The viewer toolbar, built from the user's viewer toolbar settings (spec 2 §3 toolbar items:
 * features, folders, dividers, left or right) and the feature table in viewer-config.ts. Items
 * the role or edition forbids, and features this viewer does not implement, are not shown.
 * Folders open as a small menu; some features carry a menu of their own (zoom presets and steps,
 * rotation, invert, cine speed, export formats, annotation display, colour maps). A feature with
 * an icon (toolbar-icons.tsx) shows it, its name and keyboard shortcut in the tooltip; the name
 * stays the button's accessible name, and shows beside the icon in the phone's sheet.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PermissionKey, ToolbarItem } from '@pacs/common';
import { visibleFolderItems, visibleToolbarItems } from '../../toolbars/index.ts';
import { folderLabel } from '../../../i18n/default-labels.ts';
import { TOOLBAR_FEATURES } from '../../../viewer/viewer-config.ts';
import type { ToolbarCommand, ToolbarState } from './toolbar-command.ts';
import { LABELS } from './toolbar-labels.ts';
import {
  AnnotationDisplayMenu,
  CineMenu,
  CineRangeGroup,
  ColormapMenu,
  ExportMenu,
  ImageLayoutMenu,
  PresetGroup,
  RotateGroup,
  SeriesLayoutGroup,
  ZoomMenu,
} from './toolbar-menus.tsx';
import { Popover } from './toolbar-popover.tsx';
import { hasToolIcon, ToolIcon } from './toolbar-icons.tsx';
import type { Shortcut } from '../shortcuts.ts';

export type { ToolbarCommand, ToolbarState } from './toolbar-command.ts';

export interface ViewerToolbarProps {
  items: readonly ToolbarItem[];
  state: ToolbarState;
  /** Whether the signed account has a permission (the toolbars' one rule decides what shows). */
  can: (permission: PermissionKey) => boolean;
  onCommand: (command: ToolbarCommand) => void;
  /** Shown at the end (keyboard shortcuts). */
  end?: ReactNode;
  /** The user's keyboard shortcuts: a feature's key is named in its tooltip. */
  shortcuts?: readonly Shortcut[];
}

export function ViewerToolbar({ items, state, can, onCommand, end, shortcuts = [] }: ViewerToolbarProps) {
  const intl = useIntl();
  // Features the viewer does not implement (yet) are not shown.
  const visibility = { can, implemented: (key: string) => Object.hasOwn(TOOLBAR_FEATURES, key) };
  const label = (item: ToolbarItem) => {
    const descriptor = LABELS[item.key as keyof typeof LABELS];
    return descriptor ? intl.formatMessage(descriptor) : item.label;
  };
  const feature = (key: string) => onCommand({ type: 'feature', key });

  const plain = (item: ToolbarItem, pressed?: boolean) => {
    const text = label(item);
    if (!hasToolIcon(item.key)) {
      return (
        <button key={item.key} type="button" className="viewer-tool" aria-pressed={pressed} onClick={() => feature(item.key)}>
          {text}
        </button>
      );
    }
    const shortcut = shortcuts.find((entry) => entry.key === item.key)?.shortcut;
    return (
      <button
        key={item.key}
        type="button"
        className="viewer-tool viewer-tool-icon"
        aria-pressed={pressed}
        aria-keyshortcuts={shortcut || undefined}
        title={shortcut ? `${text} (${shortcut})` : text}
        onClick={() => feature(item.key)}
      >
        <ToolIcon name={item.key} />
        <span className="tool-label">{text}</span>
      </button>
    );
  };

  const render = (item: ToolbarItem): ReactNode => {
    if (item.type === 'divider') return <span key={`divider-${item.key}`} className="viewer-divider" role="separator" />;
    if (item.type === 'folder') {
      const children = visibleFolderItems('viewer', item, visibility);
      return (
        <Popover key={`folder-${item.key}`} label={folderLabel(intl, item)}>
          {() => <div className="viewer-folder">{children.map(render)}</div>}
        </Popover>
      );
    }
    const spec = TOOLBAR_FEATURES[item.key];
    switch (item.key) {
      case 'grid':
        return <SeriesLayoutGroup key="grid" state={state} onCommand={onCommand} />;
      case 'grid_image':
        return <ImageLayoutMenu key="grid_image" state={state} onCommand={onCommand} />;
      case 'window_level_presets':
        return <PresetGroup key="presets" state={state} onCommand={onCommand} />;
      case 'zoom':
        return <ZoomMenu key="zoom" tool={plain(item, state.primary === 'zoom')} state={state} onCommand={onCommand} />;
      case 'rotate':
        return <RotateGroup key="rotate" tool={plain(item, state.primary === 'rotate')} onCommand={onCommand} />;
      case 'cine':
        return <CineMenu key="cine" tool={plain(item, state.cinePlaying)} state={state} onCommand={onCommand} />;
      case 'cine_range':
        return <CineRangeGroup key="cine_range" state={state} onCommand={onCommand} />;
      case 'export':
        return <ExportMenu key="export" label={label(item)} onCommand={onCommand} />;
      case 'annotation_display':
        return <AnnotationDisplayMenu key="annotation_display" label={label(item)} state={state} onCommand={onCommand} />;
      case 'pseudo_color':
        return <ColormapMenu key="pseudo_color" label={label(item)} state={state} onCommand={onCommand} />;
      case 'sync':
        return plain(item, state.sync);
      case 'comparison':
        return plain(item, state.comparison);
      case 'mpr':
        return plain(item, state.mpr);
      case 'key_image':
        return plain(item, state.keyImage);
      case 'overlay':
        return plain(item, state.overlay);
      default:
        return plain(item, spec?.kind === 'tool' ? state.primary === item.key : undefined);
    }
  };

  const { left, right } = visibleToolbarItems('viewer', items, visibility);
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: 'viewer.toolbar' })}>
      {left.map(render)}
      <div className="viewer-toolbar-end">
        {right.map(render)}
        {end}
      </div>
    </div>
  );
}
