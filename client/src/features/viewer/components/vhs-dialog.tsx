/**
 * The VHS tool's dialog (spec 2 §2 "viewer tools: vhs"): opens when the third line of a vertebral
 * heart score is drawn and shows the long and short axes and the score in vertebrae, the species'
 * reference interval and where the score lies against it. The reader sets how many vertebrae the
 * reference spans and the species; both are saved with the annotation. The text the tool writes
 * on the image is set here too, in the reader's language.
 */
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { sessionStore } from '../../../state/index.ts';
import { VHS_REFERENCE, VHS_SPECIES, VHS_VERTEBRAE, vhsRange, type VhsOptions } from '../../../viewer/vhs.ts';
import '../vhs.css';
import { onVhsDrawn, setVhsOptions, setVhsTextFormat, vhsAnnotation } from '../../../viewer/vhs-tool.ts';
import { ChoiceField } from '../../../components/form-fields.tsx';

const SPECIES = defineMessages({
  dog: { id: 'viewer.vhs.species_dog' },
  cat: { id: 'viewer.vhs.species_cat' },
});

const RANGE = defineMessages({
  below: { id: 'viewer.vhs.range_below' },
  within: { id: 'viewer.vhs.range_within' },
  above: { id: 'viewer.vhs.range_above' },
});

const tenths = (intl: IntlShape, value: number) => intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Puts the reader's language on the image and opens the dialog after each VHS drawn. */
/** `save` stores the study's annotations now (before the report opens, so it finds the score). */
export function VhsResult({ studyUid, save }: { studyUid: string; save: () => Promise<void> }) {
  const intl = useIntl();
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    setVhsTextFormat({
      lines: (score, options, drawn) => {
        if (score)
          return [
            intl.formatMessage({ id: 'viewer.vhs.image_score' }, { score: tenths(intl, score.score) }),
            intl.formatMessage({ id: 'viewer.vhs.image_axes' }, { long: tenths(intl, score.long), short: tenths(intl, score.short) }),
            intl.formatMessage({ id: 'viewer.vhs.image_reference' }, { count: options.vertebrae }),
          ];
        if (drawn <= 1) return [intl.formatMessage({ id: 'viewer.vhs.next_short' })];
        return [intl.formatMessage({ id: 'viewer.vhs.next_reference' }, { count: options.vertebrae })];
      },
    });
    return () => setVhsTextFormat(null);
  }, [intl]);
  useEffect(() => onVhsDrawn(setShown), []);
  if (!shown) return null;
  return <VhsDialog annotationUid={shown} studyUid={studyUid} save={save} onClose={() => setShown(null)} />;
}

function VhsDialog(props: { annotationUid: string; studyUid: string; save: () => Promise<void>; onClose: () => void }) {
  const { annotationUid, studyUid, save, onClose } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  const [options, setOptions] = useState<VhsOptions | null>(() => vhsAnnotation(annotationUid)?.options ?? null);
  const [score, setScore] = useState(() => vhsAnnotation(annotationUid)?.score ?? null);
  const change = (patch: Partial<VhsOptions>) => {
    if (!options) return;
    const next = { ...options, ...patch };
    setVhsOptions(annotationUid, next);
    setOptions(next);
    setScore(vhsAnnotation(annotationUid)?.score ?? null);
  };
  const range = options ? VHS_REFERENCE[options.species] : null;
  const v = (value: number) => intl.formatMessage({ id: 'viewer.vhs.value' }, { value: tenths(intl, value) });

  return (
    <Dialog
      title={<FormattedMessage id="viewer.vhs.title" />}
      onClose={onClose}
      size="small"
      footer={
        <>
          {sessionStore.can('report') && (
            <button
              type="button"
              className="button"
              onClick={() => void save().then(() => navigate(`${paths.report.getHref()}?studyinstanceuid=${encodeURIComponent(studyUid)}`))}
            >
              <FormattedMessage id="viewer.vhs.open_report" />
            </button>
          )}
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            <FormattedMessage id="common.close" />
          </button>
        </>
      }
    >
      {!options || !score || !range ? (
        <p className="muted">
          <FormattedMessage id="viewer.vhs.incomplete" />
        </p>
      ) : (
        <div className="vhs-result">
          <dl className="vhs-values">
            <dt>
              <FormattedMessage id="viewer.vhs.long" />
            </dt>
            <dd data-vhs="long">{v(score.long)}</dd>
            <dt>
              <FormattedMessage id="viewer.vhs.short" />
            </dt>
            <dd data-vhs="short">{v(score.short)}</dd>
            <dt className="vhs-score-label">
              <FormattedMessage id="viewer.vhs.score" />
            </dt>
            <dd className="vhs-score" data-vhs="score">
              {v(score.score)}
            </dd>
          </dl>
          <ChoiceField
            label={<FormattedMessage id="viewer.vhs.species" />}
            value={options.species}
            options={VHS_SPECIES.map((species) => ({ value: species, label: intl.formatMessage(SPECIES[species]) }))}
            onChange={(species) => change({ species })}
          />
          <ChoiceField
            label={<FormattedMessage id="viewer.vhs.vertebrae" />}
            value={options.vertebrae}
            options={Array.from({ length: VHS_VERTEBRAE.max - VHS_VERTEBRAE.min + 1 }, (_, index) => VHS_VERTEBRAE.min + index).map(
              (count) => ({
                value: count,
                label: intl.formatNumber(count),
              }),
            )}
            onChange={(vertebrae) => change({ vertebrae })}
          />
          <p className={`vhs-range vhs-range-${vhsRange(score.score, options.species)}`} role="status">
            {intl.formatMessage({ id: 'viewer.vhs.range' }, { low: tenths(intl, range.low), high: tenths(intl, range.high) })}
            {' — '}
            {intl.formatMessage(RANGE[vhsRange(score.score, options.species)])}
          </p>
          <p className="muted vhs-note">
            <FormattedMessage id="viewer.vhs.breed_note" />
          </p>
        </div>
      )}
    </Dialog>
  );
}
