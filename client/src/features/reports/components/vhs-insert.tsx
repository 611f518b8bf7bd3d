/**
 * The study's vertebral heart scores (drawn with the viewer's VHS tool and saved with its
 * annotations), each offered for the report: "Insert" puts its sentence, in the report's
 * language, into the findings at the caret (or the section being edited).
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { getAnnotationsQueryOptions } from '../../viewer/index.ts';
import { vhsOfStored, VHS_TOOL_NAME, type VhsScore } from '../../../viewer/vhs.ts';

const tenths = (intl: IntlShape, value: number) => intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The report's sentence for a score: "VHS 10.2 v (long 5.6 v + short 4.6 v)" in the user's language. */
export function vhsSentence(intl: IntlShape, score: VhsScore): string {
  return intl.formatMessage(
    { id: 'reports.vhs.text' },
    { score: tenths(intl, score.score), long: tenths(intl, score.long), short: tenths(intl, score.short) },
  );
}

export function VhsInsert({ studyUid, readOnly, onInsert }: { studyUid: string; readOnly: boolean; onInsert: (text: string) => void }) {
  const intl = useIntl();
  // The viewer keeps its copy for as long as it is open; the report reads what was saved since.
  const annotations = useQuery({ ...getAnnotationsQueryOptions(studyUid), staleTime: 0, refetchOnMount: 'always' });
  const scores = (annotations.data ?? []).flatMap((item) => {
    if (item.Tool !== VHS_TOOL_NAME) return [];
    const score = vhsOfStored(item.Data);
    return score ? [{ id: item.Id, by: item.AccountName, score }] : [];
  });
  if (scores.length === 0) return null;
  return (
    <section className="report-panel" aria-labelledby="report-vhs-title">
      <h2 id="report-vhs-title" className="report-panel-title">
        <FormattedMessage id="reports.vhs.title" />
      </h2>
      <ul className="report-vhs-list">
        {scores.map(({ id, by, score }) => {
          const sentence = vhsSentence(intl, score);
          return (
            <li key={id} className="report-vhs-item">
              <span className="report-vhs-text">
                {sentence}
                <span className="muted report-vhs-by">{by}</span>
              </span>
              <button type="button" className="button button-small" disabled={readOnly} onClick={() => onInsert(sentence)}>
                <FormattedMessage id="reports.vhs.insert" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
