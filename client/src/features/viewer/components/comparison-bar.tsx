/**
 * The viewer's search bar (spec 2 §2): patient, modality (several) and study pickers over the
 * open patient's other studies the account may see. Choosing a study compares it: its series
 * join the thumbnails and its first series opens beside the active viewport. Hidden on phones.
 */
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { StudyItem } from '@pacs/common';
import { comparableStudies, modalitiesOf } from '../comparison.ts';
import { formatDicomDate, formatPersonName } from '../../../lib/dicom-format.ts';
import { sessionStore } from '../../../state/index.ts';
import type { ViewerStudy } from '../types.ts';

const PLACEHOLDERS = defineMessages({
  loading: { id: 'viewer.compare.loading' },
  choose: { id: 'viewer.compare.choose' },
  none: { id: 'viewer.compare.none' },
});

export interface ComparisonBarProps {
  study: ViewerStudy | undefined;
  /** The patient's studies (the open one included), from the study search. */
  studies: readonly StudyItem[];
  loading: boolean;
  /** StudyInstanceUIDs being compared. */
  compared: readonly string[];
  onCompare: (studyUid: string) => void;
  onEnd: () => void;
  /**
   * The user's history mode (settings `viewer.history.mode`): `modality` starts the study picker on
   * the open study's modalities, `series` on every study of the patient.
   */
  historyMode?: 'modality' | 'series';
}

export function ComparisonBar({ study, studies, loading, compared, onCompare, onEnd, historyMode = 'series' }: ComparisonBarProps) {
  const intl = useIntl();
  const [chosen, setModalities] = useState<string[] | null>(null);
  const known = modalitiesOf(studies);
  // Until the reader picks, the history mode decides (the open study's modalities the patient has elsewhere too).
  const modalities = chosen ?? (historyMode === 'modality' ? (study?.ModalitiesInStudy ?? []).filter((item) => known.includes(item)) : []);
  const offered = comparableStudies(studies, study?.StudyInstanceUID ?? '', modalities);
  const toggle = (modality: string) =>
    setModalities(modalities.includes(modality) ? modalities.filter((item) => item !== modality) : [...modalities, modality]);
  const patient = study ? `${formatPersonName(study.PatientName, sessionStore.nameForm) || '-'} (${study.PatientID})` : '';
  return (
    <div className="viewer-search" role="search" aria-label={intl.formatMessage({ id: 'viewer.compare.bar' })}>
      <label className="viewer-field">
        <span>{intl.formatMessage({ id: 'viewer.compare.patient' })}</span>
        <select aria-label={intl.formatMessage({ id: 'viewer.compare.patient' })} value={study?.PatientID ?? ''} onChange={() => undefined}>
          <option value={study?.PatientID ?? ''}>{patient}</option>
        </select>
      </label>
      <div className="viewer-tool-group" role="group" aria-label={intl.formatMessage({ id: 'viewer.compare.modality' })}>
        {/* Holds the row's height until the patient's studies are known: the viewports below must not move. */}
        {known.length === 0 && (
          <button type="button" className="viewer-tool viewer-tool-placeholder" aria-hidden="true" tabIndex={-1} disabled>
            {'\u00a0'}
          </button>
        )}
        {known.map((modality) => (
          <button
            key={modality}
            type="button"
            className="viewer-tool"
            aria-pressed={modalities.includes(modality)}
            onClick={() => toggle(modality)}
          >
            {modality}
          </button>
        ))}
      </div>
      <label className="viewer-field">
        <span>{intl.formatMessage({ id: 'viewer.compare.study' })}</span>
        <select
          aria-label={intl.formatMessage({ id: 'viewer.compare.study' })}
          value=""
          disabled={loading || offered.length === 0}
          onChange={(event) => {
            if (event.target.value) onCompare(event.target.value);
          }}
        >
          <option value="">
            {intl.formatMessage(loading ? PLACEHOLDERS.loading : offered.length ? PLACEHOLDERS.choose : PLACEHOLDERS.none)}
          </option>
          {offered.map((item) => (
            <option key={item.StudyInstanceUID} value={item.StudyInstanceUID} disabled={compared.includes(item.StudyInstanceUID)}>
              {[
                formatDicomDate(item.StudyDate, sessionStore.displayFormat.dateFormat),
                item.ModalitiesInStudy.join('/'),
                item.StudyDescription,
              ]
                .filter(Boolean)
                .join(' ')}
            </option>
          ))}
        </select>
      </label>
      {compared.length > 0 && (
        <button type="button" className="viewer-tool" onClick={onEnd}>
          {intl.formatMessage({ id: 'viewer.compare.end' })}
        </button>
      )}
    </div>
  );
}
