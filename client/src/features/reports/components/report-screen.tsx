/**
 * /report and /us-report (spec 2 §2 "Report screen", light theme, no search bar): the report of
 * `?studyinstanceuid=`, or of `?accessionnumber=` — one hit opens its study, several open the
 * duplicated accession number dialog. The study's first report is the one shown (spec 2 §4).
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { sessionStore } from '../../../state/index.ts';
import { OpenFirstStudy, opensFirstStudy } from '../../studies/index.ts';
import { useStudiesByAccession } from '../../studies/index.ts';
import { useStudy } from '../../studies/index.ts';
import { useReports } from '../api/get-reports.ts';
import { DuplicatedAccessionDialog } from './duplicated-accession-dialog.tsx';
import { ReportStudyHeader } from './report-study-header.tsx';
import { ReportWorkspace } from './report-workspace.tsx';
import '../reports.css';

export function ReportScreen() {
  const [params] = useSearchParams();
  const studyUid = params.get('studyinstanceuid') ?? '';
  const accessionNumber = params.get('accessionnumber') ?? '';
  if (studyUid) return <StudyReport key={studyUid} studyUid={studyUid} />;
  if (accessionNumber) return <AccessionReport key={accessionNumber} accessionNumber={accessionNumber} />;
  const patientId = params.get('patientid') ?? '';
  // A share link without a study: a guest's or a patient share's opens its (newest) study.
  if (opensFirstStudy(sessionStore.isGuest, patientId)) {
    return <OpenFirstStudy patientId={patientId} fallback={<ReportMessage id="reports.no_study" />} />;
  }
  return <ReportMessage id="reports.no_study" />;
}

function ReportMessage({ id }: { id: 'reports.no_study' | 'reports.not_found' }) {
  return (
    <div className="report-screen">
      <div className="report-message" role="status">
        {id === 'reports.no_study' ? <FormattedMessage id="reports.no_study" /> : <FormattedMessage id="reports.not_found" />}
      </div>
    </div>
  );
}

function AccessionReport({ accessionNumber }: { accessionNumber: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hits = useStudiesByAccession(accessionNumber);
  const [dismissed, setDismissed] = useState(false);
  if (hits.isPending) return <div className="page-loading" role="status" aria-busy="true" />;
  const studies = hits.data ?? [];
  const open = (uid: string) => `${pathname}?studyinstanceuid=${encodeURIComponent(uid)}`;
  if (studies.length === 1) return <Navigate to={open(studies[0]!.StudyInstanceUID)} replace />;
  if (studies.length === 0 || dismissed) return <ReportMessage id="reports.not_found" />;
  return (
    <DuplicatedAccessionDialog
      accessionNumber={accessionNumber}
      studies={studies}
      onChoose={(study) => navigate(open(study.StudyInstanceUID), { replace: true })}
      onClose={() => setDismissed(true)}
    />
  );
}

const StudyReport = observer(function StudyReport({ studyUid }: { studyUid: string }) {
  const study = useStudy(studyUid);
  const reports = useReports(studyUid);
  const [notice, setNotice] = useState<'saved' | 'deleted' | null>(null);
  if (study.isError) return <ReportMessage id="reports.not_found" />;
  const report = reports.data?.[0] ?? null;
  const documents = report?.documents ?? [];
  const last = documents.find((document) => document.is_last) ?? null;
  return (
    <div className="report-screen">
      <ReportStudyHeader study={study.data} />
      {reports.isPending ? (
        <div className="page-loading" role="status" aria-busy="true" />
      ) : (
        // A new current document (after a save or delete) starts the editor from its content.
        <ReportWorkspace key={last?.Id ?? 'new'} studyUid={studyUid} report={report} last={last} notice={notice} onNotice={setNotice} />
      )}
    </div>
  );
});
