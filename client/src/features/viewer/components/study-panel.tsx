/**
 * Study and series information beside the images (issue 21 "Study and series information in a
 * collapsible side panel"). On a PC or tablet it is a side panel whose open or folded state is the
 * user's setting `viewer.study_panel.is_open`, saved as it changes, so it is the same on the next
 * study and the next sign-in; folded, it leaves a narrow edge with its button and the viewports
 * grow (their ResizeObserver resizes Cornerstone). On a phone, where a panel would take the
 * image's width, the same facts open as a sheet from the study header. The series list is the
 * thumbnail bar itself (series-thumbnails.tsx), placed in the panel when it sits at the side.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { StudyItem } from '@pacs/common';
import { formatDicomDate, formatDicomTime, formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import '../study-panel.css';

/** What the panel reads of a study: `/studies/find` answers the whole row (hidden fields blanked). */
export type PanelStudy = Partial<StudyItem> & Pick<StudyItem, 'StudyInstanceUID'>;

const M = defineMessages({
  title: { id: 'viewer.panel.title' },
  expand: { id: 'viewer.panel.expand' },
  collapse: { id: 'viewer.panel.collapse' },
  close: { id: 'common.close' },
  loading: { id: 'common.loading' },
  failed: { id: 'viewer.panel.failed' },
  series: { id: 'viewer.series_list' },
  patient: { id: 'viewer.compare.patient' },
  study: { id: 'viewer.compare.study' },
  patientName: { id: 'columns.patient_name' },
  patientId: { id: 'columns.patient_id' },
  birthDate: { id: 'columns.patient_birth_date' },
  sex: { id: 'columns.patient_sex' },
  studyDate: { id: 'columns.study_date_time' },
  description: { id: 'columns.study_description' },
  accession: { id: 'columns.accession_number' },
  referring: { id: 'columns.referring_physician_name' },
  institution: { id: 'columns.institution_name' },
  modalities: { id: 'columns.modalities_in_study' },
});
type MessageKey = keyof typeof M;

function Fact({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      {/* Values a user typed or a modality wrote keep their own direction in a mirrored screen,
          aligned with the labels. */}
      <dd>
        <bdi>{value || '—'}</bdi>
      </dd>
    </>
  );
}

/**
 * The patient's and the study's facts, as the panel and the phone's sheet show them: `undefined`
 * while the study loads, `null` once loading it failed.
 */
export function StudyFacts({ study }: { study: PanelStudy | null | undefined }) {
  const intl = useIntl();
  const t = (key: MessageKey) => intl.formatMessage(M[key]);
  if (study === null)
    return (
      <p className="study-panel-empty" role="alert">
        {t('failed')}
      </p>
    );
  if (!study) return <p className="study-panel-empty">{t('loading')}</p>;
  const dateFormat = sessionStore.displayFormat.dateFormat;
  const date = [formatDicomDate(study.StudyDate, dateFormat), formatDicomTime(study.StudyTime)].filter(Boolean).join(' ');
  return (
    <>
      <section className="study-panel-section" aria-labelledby={`${study.StudyInstanceUID}-patient`}>
        <h2 id={`${study.StudyInstanceUID}-patient`}>{t('patient')}</h2>
        <dl className="study-panel-facts">
          <Fact label={t('patientName')} value={formatPersonName(study.PatientName, sessionStore.nameForm)} />
          <Fact label={t('patientId')} value={study.PatientID} />
          <Fact label={t('birthDate')} value={formatDicomDate(study.PatientBirthDate, dateFormat)} />
          <Fact label={t('sex')} value={study.PatientSex} />
        </dl>
      </section>
      <section className="study-panel-section" aria-labelledby={`${study.StudyInstanceUID}-study`}>
        <h2 id={`${study.StudyInstanceUID}-study`}>{t('study')}</h2>
        <dl className="study-panel-facts">
          <Fact label={t('studyDate')} value={date} />
          <Fact label={t('description')} value={study.StudyDescription} />
          <Fact label={t('accession')} value={study.AccessionNumber} />
          <Fact label={t('referring')} value={formatPersonName(study.ReferringPhysicianName, sessionStore.nameForm)} />
          <Fact label={t('institution')} value={study.InstitutionName} />
          <Fact label={t('modalities')} value={study.ModalitiesInStudy?.join(', ')} />
        </dl>
      </section>
    </>
  );
}

/** A chevron that points where the panel goes; mirrored with the screen (it shows a direction). */
function Chevron({ open }: { open: boolean }) {
  return (
    <svg className="study-panel-chevron" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={open ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/** The user's open or folded choice, shown at once and saved in the background (a guest's stays in the tab). */
export function useStudyPanelOpen(saved: boolean): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(saved);
  useEffect(() => setOpen(saved), [saved]);
  const replace = useReplaceSettings();
  return [
    open,
    (next: boolean) => {
      setOpen(next);
      replace.mutate({ key: 'viewer.study_panel', value: { is_open: next } });
    },
  ];
}

export interface StudyPanelProps {
  /** The study; undefined while it loads, null when loading it failed. */
  study: PanelStudy | null | undefined;
  open: boolean;
  onOpen: (open: boolean) => void;
  /** The series list (the thumbnail bar), when it sits at the side. */
  children?: ReactNode;
}

export function StudyPanel({ study, open, onOpen, children }: StudyPanelProps) {
  const intl = useIntl();
  const contentId = useId();
  const label = intl.formatMessage(open ? M.collapse : M.expand);
  return (
    <aside className={`study-panel ${open ? 'is-open' : 'is-folded'}`} aria-label={intl.formatMessage(M.title)} data-testid="study-panel">
      <div className="study-panel-bar">
        {open && <span className="study-panel-title">{intl.formatMessage(M.title)}</span>}
        <button
          type="button"
          className="study-panel-toggle"
          aria-expanded={open}
          aria-controls={contentId}
          title={label}
          aria-label={label}
          onClick={() => onOpen(!open)}
        >
          <Chevron open={open} />
        </button>
      </div>
      <div id={contentId} className="study-panel-content" hidden={!open}>
        {open && (
          <>
            <StudyFacts study={study} />
            {children && (
              <section className="study-panel-section study-panel-series">
                <h2>{intl.formatMessage(M.series)}</h2>
                {children}
              </section>
            )}
          </>
        )}
      </div>
    </aside>
  );
}

/** The phone's button in the study header and the sheet it opens. */
export function StudyInfoSheet({ study }: { study: PanelStudy | null | undefined }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    sheet.current?.focus();
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);
  const title = intl.formatMessage(M.title);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="study-info-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={title}
        title={title}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v6M12 7.5v.5" />
        </svg>
      </button>
      {open && (
        <div className="phone-sheet-backdrop" onClick={close}>
          <div
            ref={sheet}
            className="phone-sheet study-info-sheet"
            role="dialog"
            aria-modal="true"
            aria-label={title}
            tabIndex={-1}
            onClick={(event) => event.stopPropagation()}
          >
            <div className="study-panel-bar">
              <span className="study-panel-title">{title}</span>
              <button type="button" className="viewer-tool" onClick={close}>
                {intl.formatMessage(M.close)}
              </button>
            </div>
            <StudyFacts study={study} />
          </div>
        </div>
      )}
    </>
  );
}
