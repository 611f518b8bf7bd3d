/**
 * The report editor with its toolbar: title (with titles used before), the layout's sections,
 * the status, the study's key images to include and the report's history. Saving always adds a
 * document (the first save creates the report); an older document opens read-only. A user
 * without report_save sees the current document read-only.
 */
import { observer } from 'mobx-react-lite';
import { useId, useMemo, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { defaultSettings, type ReportTemplate } from '@pacs/common';
import { SlotPortal } from '../../../components/slots.tsx';
import { sessionStore } from '../../../state/index.ts';
import { useToolbarItems } from '../../toolbars/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { documentPdfUrl } from '../api/document-pdf.ts';
import { useDocumentTitles } from '../api/get-document-titles.ts';
import { useKeyImages } from '../../viewer/index.ts';
import { useDocumentKeyImages } from '../api/get-key-images.ts';
import { useSaveDocument } from '../api/save-document.ts';
import {
  applyTemplate,
  emptyValues,
  insertAt,
  payloadFromValues,
  sectionsFromLayout,
  valuesFromDocument,
  type EditorValues,
  type SectionKey,
} from '../sections.ts';
import { DOCUMENT_STATUSES, type Report, type ReportDocument } from '../types.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { DocumentHistory } from './document-history.tsx';
import { KeyImagePicker } from './key-image-picker.tsx';
import { ReportLayoutDialog } from './report-layout-dialog.tsx';
import { ReportSections } from './report-sections.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import { statusMessage } from './status-badge.tsx';
import { TemplateInsertDialog } from './template-insert-dialog.tsx';
import { VhsInsert } from './vhs-insert.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';

const NOTICES = defineMessages({
  saved: { id: 'reports.notice.saved' },
  deleted: { id: 'reports.notice.deleted' },
});

export interface ReportWorkspaceProps {
  studyUid: string;
  /** The study's first report; null until the first save. */
  report: Report | null;
  /** Its current document (is_last). */
  last: ReportDocument | null;
  notice: 'saved' | 'deleted' | null;
  onNotice: (notice: 'saved' | 'deleted' | null) => void;
}

export const ReportWorkspace = observer(function ReportWorkspace({ studyUid, report, last, notice, onNotice }: ReportWorkspaceProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const titleId = useId();
  const settings = sessionStore.settings ?? defaultSettings();
  const sections = sectionsFromLayout(sessionStore.configs?.report?.layout);
  const canSave = sessionStore.can('report_save');
  const toolbarItems = useToolbarItems('report');

  const [values, setValues] = useState<EditorValues>(() => (last ? valuesFromDocument(last) : emptyValues()));
  const [viewing, setViewing] = useState<ReportDocument | null>(null);
  const [chosenImages, setChosenImages] = useState<number[] | null>(null);
  const [dialog, setDialog] = useState<'delete' | 'insert' | 'layout' | null>(null);
  const caret = useRef<{ key: SectionKey; caret: number } | null>(null);

  const titles = useDocumentTitles();
  const keyImages = useKeyImages(studyUid);
  const shown = viewing ?? last;
  const shownImages = useDocumentKeyImages(shown?.Id ?? null);
  const save = useSaveDocument();
  const remove = useDeleteDocument(studyUid);

  const studyImages = useMemo(() => keyImages.data ?? [], [keyImages.data]);
  /** Key image numbers of the shown document (matched by instance and frame), or every image for a first report. */
  const documentImages = useMemo(() => {
    if (!shown) return studyImages.map((image) => image.No);
    const saved = shownImages.data ?? [];
    return saved.flatMap((entry) => {
      const match = studyImages.find((image) => image.SOPInstanceUID === entry.SOPInstanceUID && image.Frame === entry.Frame);
      return match ? [match.No] : [];
    });
  }, [shown, shownImages.data, studyImages]);

  const readOnly = viewing !== null || !canSave;
  const shownValues = viewing ? valuesFromDocument(viewing) : values;
  const selectedImages = viewing ? documentImages : (chosenImages ?? documentImages);
  const titleOptions = useMemo(
    () => [...new Set([...(report?.titles ?? []), ...(titles.data ?? [])])].sort(),
    [report?.titles, titles.data],
  );

  const edit = (patch: Partial<EditorValues>) => {
    onNotice(null);
    setValues((current) => ({ ...current, ...patch }));
  };
  const setSection = (key: SectionKey, text: string) => {
    onNotice(null);
    setValues((current) => ({ ...current, sections: { ...current.sections, [key]: text } }));
  };
  const toggleImage = (no: number) =>
    setChosenImages((current) => {
      const list = current ?? documentImages;
      return list.includes(no) ? list.filter((item) => item !== no) : [...list, no];
    });

  const runSave = () => {
    // The editor remounts on the new current document before a per-call callback would run;
    // the notice lives with the screen, so it is set from the promise.
    save
      .mutateAsync({ studyInstanceUid: studyUid, reportNo: report?.No ?? null, payload: payloadFromValues(values, selectedImages) })
      .then(() => onNotice('saved'))
      .catch(() => undefined);
  };
  const insertTemplate = (template: ReportTemplate) => {
    const visible = sections.map((section) => section.key);
    setValues((current) => ({ ...current, sections: applyTemplate(current.sections, template, caret.current, visible) }));
    onNotice(null);
    setDialog(null);
  };
  /** A measurement's sentence goes where the caret is, or at the end of the findings (the first section without them). */
  const insertText = (text: string) => {
    const visible = sections.map((section) => section.key);
    const key = caret.current?.key ?? (visible.includes('findings') ? 'findings' : (visible[0] ?? 'findings'));
    const before = values.sections[key];
    const at = Math.min(caret.current?.key === key ? caret.current.caret : before.length, before.length);
    const after = insertAt(before, text, at);
    // A second insert follows the first.
    caret.current = { key, caret: after.length - (before.length - at) };
    setSection(key, after);
  };
  const toDelete = shown && shown.Status !== 'Deleted' ? shown : null;
  const showDocument = (document: ReportDocument) => setViewing(document.Id === last?.Id ? null : document);

  return (
    <>
      <SlotPortal slot="toolbar">
        <ReportToolbar
          items={toolbarItems}
          actions={{
            save: { disabled: readOnly, busy: save.isPending, run: runSave },
            delete: { disabled: toDelete === null, run: () => setDialog('delete') },
            viewer: { run: () => navigate(`${paths.viewer.getHref()}?studyinstanceuid=${encodeURIComponent(studyUid)}`) },
            pdf: { href: shown ? documentPdfUrl(shown.Id) : null },
            template: { disabled: readOnly, run: () => setDialog('insert') },
            layout: { run: () => setDialog('layout') },
          }}
        />
      </SlotPortal>

      <div className="report-body">
        <section className="report-editor" aria-label={intl.formatMessage({ id: 'reports.editor.label' })}>
          {notice && (
            <div className="alert alert-success report-notice" role="status">
              {intl.formatMessage(NOTICES[notice])}
            </div>
          )}
          {viewing && (
            <div className="report-viewing" role="status">
              <span>{intl.formatMessage({ id: 'reports.editor.viewing' }, { label: viewing.label })}</span>
              <button type="button" className="button button-small" onClick={() => setViewing(null)}>
                <FormattedMessage id="reports.editor.back" />
              </button>
            </div>
          )}
          {!canSave && !viewing && (
            <p className="muted report-readonly">
              <FormattedMessage id="reports.editor.read_only" />
            </p>
          )}
          <div className="report-editor-head">
            <div className="field report-title-field">
              <label htmlFor={titleId} className="field-label">
                <FormattedMessage id="reports.editor.title" />
              </label>
              <input
                id={titleId}
                className="input"
                list={`${titleId}-titles`}
                maxLength={500}
                value={shownValues.title}
                readOnly={readOnly}
                autoComplete="off"
                onChange={(event) => edit({ title: event.target.value })}
              />
              <datalist id={`${titleId}-titles`}>
                {titleOptions.map((title) => (
                  <option key={title} value={title} />
                ))}
              </datalist>
            </div>
            <ChoiceField
              className="report-status-field"
              label={<FormattedMessage id="reports.editor.status" />}
              value={shownValues.status}
              disabled={readOnly}
              options={DOCUMENT_STATUSES.map((status) => ({ value: status, label: intl.formatMessage(statusMessage(status)) }))}
              onChange={(status) => edit({ status })}
            />
          </div>
          <ReportSections
            sections={sections}
            values={shownValues.sections}
            readOnly={readOnly}
            onChange={setSection}
            onCaret={(key, at) => (caret.current = { key, caret: at })}
          />
        </section>

        <aside className="report-side">
          <VhsInsert studyUid={studyUid} readOnly={readOnly} onInsert={insertText} />
          <KeyImagePicker
            studyInstanceUid={studyUid}
            images={studyImages}
            selected={selectedImages}
            readOnly={readOnly}
            onToggle={toggleImage}
          />
          <DocumentHistory documents={report?.documents ?? []} shownId={shown?.Id ?? null} onShow={showDocument} />
        </aside>
      </div>

      {dialog === 'insert' && (
        <TemplateInsertDialog tree={settings.report.template ?? []} onInsert={insertTemplate} onClose={() => setDialog(null)} />
      )}
      {dialog === 'layout' && <ReportLayoutDialog layout={sessionStore.configs?.report?.layout} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && toDelete && (
        <ConfirmDeleteDialog
          title={<FormattedMessage id="reports.delete.title" />}
          subject={toDelete.label}
          onConfirm={async () => {
            await remove.mutateAsync(toDelete.Id);
            setViewing(null);
            onNotice('deleted');
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
});
