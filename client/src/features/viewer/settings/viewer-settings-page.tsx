/**
 * The frame of the four viewer settings pages (general, appearance, layout, window level):
 * components/' ListSettingsPage around a viewer draft (use-viewer-draft.ts), its refusals named
 * by `labels`, and "Reset to defaults" beside Save. It lives here, not in components/, because it
 * reads the viewer draft, which components/ may not import.
 */
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { ListSettingsPage } from '../../../components/list-settings-page.tsx';
import { problemLines } from './use-viewer-draft.ts';

export interface ViewerSettingsPageProps {
  title: MessageDescriptor;
  description: MessageDescriptor;
  /** The draft's save and state (useViewerDraft). */
  page: { save: () => Promise<void>; saved: boolean; saving: boolean; problems: Record<string, string> };
  /** A refused member's name by its last word (`keyboard` → "Key"), for the page's alert. */
  labels?: Record<string, string>;
  /** Puts the defaults in the draft (saved with Save, like any change). */
  onReset: () => void;
  children: ReactNode;
}

export function ViewerSettingsPage({ title, description, page, labels, onReset, children }: ViewerSettingsPageProps) {
  const intl = useIntl();
  return (
    <ListSettingsPage
      className="viewer-settings-page"
      title={intl.formatMessage(title)}
      description={intl.formatMessage(description)}
      onSave={page.save}
      problem={problemLines(intl, page.problems, labels)}
      saved={page.saved}
      saving={page.saving}
      reset={{ label: intl.formatMessage({ id: 'list_editor.reset_defaults' }), onClick: onReset }}
    >
      {children}
    </ListSettingsPage>
  );
}
