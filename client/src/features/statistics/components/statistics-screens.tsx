/**
 * /statistics/amount-of-data, number-of-web-connection, number-of-share, number-of-study, and
 * admin/statistics (all four together, and DICOM connections, which has no tab of its own): the
 * scope selector (months by default) and the sections.
 */
import { useState, type ComponentType } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { PageHeader } from '../../../components/page-header.tsx';
import { useStatisticsInfo } from '../api/get-statistics-info.ts';
import { DEFAULT_SCOPE } from '../chart-data.ts';
import type { StatisticsInfo, StatisticsUnit } from '../types.ts';
import '../statistics.css';
import { BackfillNote, ScopeSelect } from './parts.tsx';
import { AmountOfDataSection, DicomConnectionSection, ShareSection, StudySection, WebConnectionSection } from './statistics-sections.tsx';

type Section = ComponentType<{ unit: StatisticsUnit; info: StatisticsInfo | undefined }>;

function StatisticsPage({ title, sections }: { title: MessageDescriptor; sections: Section[] }) {
  const [unit, setUnit] = useState<StatisticsUnit>(DEFAULT_SCOPE);
  const info = useStatisticsInfo();
  return (
    <div className="page stats-page">
      <PageHeader title={<FormattedMessage {...title} />}>
        <ScopeSelect value={unit} onChange={setUnit} />
      </PageHeader>
      <BackfillNote info={info.data} />
      <div className="stats-grid">
        {sections.map((Section, index) => (
          <Section key={index} unit={unit} info={info.data} />
        ))}
      </div>
    </div>
  );
}

export const AmountOfDataScreen = () => (
  <StatisticsPage title={{ id: 'statistics.tabs.amount_of_data' }} sections={[AmountOfDataSection]} />
);
export const WebConnectionStatisticsScreen = () => (
  <StatisticsPage title={{ id: 'statistics.tabs.number_of_web_connection' }} sections={[WebConnectionSection]} />
);
export const ShareStatisticsScreen = () => <StatisticsPage title={{ id: 'statistics.tabs.number_of_share' }} sections={[ShareSection]} />;
export const StudyStatisticsScreen = () => <StatisticsPage title={{ id: 'statistics.tabs.number_of_study' }} sections={[StudySection]} />;
export const AdminStatisticsScreen = () => (
  <StatisticsPage
    title={{ id: 'statistics.admin_title' }}
    sections={[AmountOfDataSection, StudySection, ShareSection, WebConnectionSection, DicomConnectionSection]}
  />
);
