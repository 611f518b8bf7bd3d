/**
 * The study list on a phone (issue 21; spec 1 §2: below 576 px): each study a card — the patient's
 * name and ID, the study date, modality and description, and its report and share marks — instead
 * of a table that scrolls sideways past the date. The checkbox selects for the toolbar (viewer,
 * report, share…); a tap on the card opens the study in the viewer. Same store, same selection,
 * same formatting (the site's date format) as the table, and the same columns: a part whose column
 * the user's settings or the account hide (a teleradiology radiologist sees no patient name) is
 * left out of the card too.
 */
import { observer } from 'mobx-react-lite';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatCell, type FormatContext } from '../format.ts';
import type { StudyNode } from '../selection.ts';
import type { StudyListStore } from '../study-list-store.ts';
import { FavoriteButton, PersonName, ReportStatusBadge, SharedMark } from './cells.tsx';
import { RowCheckbox } from './study-table.tsx';

export interface StudyCardsProps {
  store: StudyListStore;
  context: FormatContext;
  /** The study columns shown to this account (its settings less what its edition and kind hide). */
  keys: ReadonlySet<string>;
  onOpen: (study: StudyNode) => void;
}

const StudyCard = observer(function StudyCard({ study, props }: { study: StudyNode; props: StudyCardsProps }) {
  const intl = useIntl();
  const { item } = study;
  const shows = (key: string) => props.keys.has(key);
  const text = (key: string) => (shows(key) ? formatCell(key, item, props.context) : '');
  const facts = [text('StudyDateTime') || text('StudyDate'), text('ModalitiesInStudy')].filter(Boolean);
  return (
    <li
      className={study.is_selected ? 'study-card is-selected' : 'study-card'}
      data-uid={item.StudyInstanceUID}
      aria-selected={study.is_selected}
    >
      <RowCheckbox
        checked={study.is_selected}
        label={intl.formatMessage({ id: 'studies.select_row' })}
        onToggle={() => props.store.click({ level: 'study', study }, 'toggle')}
      />
      <button type="button" className="study-card-body" onClick={() => props.onOpen(study)}>
        <span className="study-card-line">
          {shows('PatientName') && (
            <strong className="study-card-name">
              <PersonName value={item.PatientName} />
            </strong>
          )}
          <bdi className="study-card-id">{text('PatientID')}</bdi>
        </span>
        <span className="study-card-line study-card-facts">
          <bdi>{facts.join(' · ')}</bdi>
        </span>
        {text('StudyDescription') && (
          <span className="study-card-line study-card-description">
            <bdi>{text('StudyDescription')}</bdi>
          </span>
        )}
      </button>
      <span className="study-card-marks">
        {shows('IsFavorite') && <FavoriteButton study={study} onToggle={() => void props.store.toggleFavorite(study)} />}
        {shows('ReportStatus') && <ReportStatusBadge status={item.ReportStatus} />}
        {shows('IsShared') && <SharedMark shared={item.IsShared} />}
      </span>
    </li>
  );
});

export const StudyCards = observer(function StudyCards(props: StudyCardsProps) {
  const intl = useIntl();
  const { store } = props;
  return (
    <div className="study-cards-wrap">
      <ul className="study-cards" aria-label={intl.formatMessage({ id: 'studies.title' })} aria-busy={store.loading}>
        {store.rows.map((study) => (
          <StudyCard key={study.item.StudyInstanceUID} study={study} props={props} />
        ))}
      </ul>
      {store.loaded && store.rows.length === 0 && (
        <p className="table-empty">
          <FormattedMessage id="common.no_items_found" />
        </p>
      )}
    </div>
  );
});
