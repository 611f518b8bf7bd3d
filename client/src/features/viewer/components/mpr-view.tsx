/**
 * MPR of one series: three volume viewports (axial, sagittal, coronal) with crosshairs, built by
 * the MPR service. Before anything is drawn the series is downloaded and checked; a series that
 * cannot be reconstructed shows the spec's message instead (spec 1 §8 viewer messages).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { imageIdsForInstances } from '../../../viewer/loading/image-ids.ts';
import type { MprProblem } from '../../../viewer/mpr-check.ts';
import { MPR_PLANES, mprService, type MprPlane } from '../../../viewer/mpr-service.ts';
import type { MouseSettings } from '../../../viewer/viewer-config.ts';
import { useInstances } from '../../studies/index.ts';

type Phase = { kind: 'checking' } | { kind: 'problem'; problem: MprProblem } | { kind: 'ready' } | { kind: 'failed' };

const PLANE_LABELS = defineMessages({
  axial: { id: 'viewer.mpr.plane_axial' },
  sagittal: { id: 'viewer.mpr.plane_sagittal' },
  coronal: { id: 'viewer.mpr.plane_coronal' },
});

/** Spec 1 §8 viewer messages, one per reason a series cannot be reconstructed. */
const PROBLEM_MESSAGES = defineMessages({
  two_images: { id: 'viewer.mpr.two_images' },
  pixel_spacing: { id: 'viewer.mpr.pixel_spacing' },
  axial: { id: 'viewer.mpr.axial' },
  parallel: { id: 'viewer.mpr.parallel' },
});

export function MprView({ seriesUid, mouse }: { seriesUid: string; mouse: MouseSettings }) {
  const intl = useIntl();
  const instances = useInstances(seriesUid);
  const imageIds = useMemo(() => imageIdsForInstances(instances.data ?? []), [instances.data]);
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const axial = useRef<HTMLDivElement>(null);
  const sagittal = useRef<HTMLDivElement>(null);
  const coronal = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!instances.data) return;
    let current = true;
    setPhase({ kind: 'checking' });
    void (async () => {
      const problem = await mprService.check(imageIds);
      if (!current) return;
      if (problem) return setPhase({ kind: 'problem', problem });
      const elements = { axial: axial.current, sagittal: sagittal.current, coronal: coronal.current };
      if (!elements.axial || !elements.sagittal || !elements.coronal) return;
      try {
        await mprService.start(elements as Record<MprPlane, HTMLDivElement>, imageIds, seriesUid, mouse);
        if (current) setPhase({ kind: 'ready' });
      } catch (error) {
        console.error('MPR could not start', error);
        if (current) setPhase({ kind: 'failed' });
      }
    })();
    return () => {
      current = false;
      mprService.stop();
    };
    // The mouse settings apply to the next MPR; a change does not rebuild this one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instances.data, imageIds, seriesUid]);

  useEffect(() => {
    const observer = new ResizeObserver(() => mprService.resize());
    for (const ref of [axial, sagittal, coronal]) if (ref.current) observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);

  const refs: Record<MprPlane, typeof axial> = { axial, sagittal, coronal };
  return (
    <div className="mpr-view" data-phase={phase.kind}>
      {MPR_PLANES.map((plane) => (
        <section key={plane} className="viewport-cell mpr-cell" data-plane={plane} aria-label={intl.formatMessage(PLANE_LABELS[plane])}>
          <div ref={refs[plane]} className="cs-viewport-element" data-viewport-id={`mpr-${plane}`} />
          <div className="viewport-overlay">
            <div className="overlay-corner overlay-top-start">
              <span>{intl.formatMessage(PLANE_LABELS[plane])}</span>
            </div>
          </div>
        </section>
      ))}
      {phase.kind === 'checking' && (
        <p className="viewport-message mpr-message" role="status">
          {intl.formatMessage({ id: 'viewer.mpr.preparing' })}
        </p>
      )}
      {phase.kind === 'problem' && (
        <p className="viewport-message viewport-error mpr-message" role="alert">
          {intl.formatMessage(PROBLEM_MESSAGES[phase.problem])}
        </p>
      )}
      {phase.kind === 'failed' && (
        <p className="viewport-message viewport-error mpr-message" role="alert">
          {intl.formatMessage({ id: 'viewer.mpr.failed' })}
        </p>
      )}
    </div>
  );
}
