/**
 * The four statistics charts (spec 3 §2; spec 1 §2 tabs), each a section with its chart and table,
 * used alone by the /statistics tabs and together by admin/statistics, which also has DICOM connections.
 */
import { useIntl, type MessageDescriptor } from 'react-intl';
import { STATISTICS_MESSAGES as M } from '../messages.ts';
import { inLanguageDigits } from '../../../lib/dicom-format.ts';
import { formatFileSize } from '../../../lib/format.ts';
import { useModalityStatistics } from '../api/get-modality-statistics.ts';
import { useSeriesStatistics } from '../api/get-series-statistics.ts';
import { allZero, capMarker, modalityBars, modalitySlices } from '../chart-data.ts';
import type { StatisticsInfo, StatisticsUnit } from '../types.ts';
import { BarChart, ChartFrame, LineChart, PieChart } from './charts.tsx';
import { ChartCard, ValuesTable } from './parts.tsx';

interface SectionProps {
  unit: StatisticsUnit;
  info: StatisticsInfo | undefined;
}

const bytes = (value: number) => formatFileSize(value);
const count = (value: number) => inLanguageDigits(String(Math.round(value)));

export function AmountOfDataSection({ unit, info }: SectionProps) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const capacity = useSeriesStatistics('capacity', unit);
  const added = useSeriesStatistics('addedsize', unit);
  const deleted = useSeriesStatistics('deletedsize', unit);
  const held = capacity.data ?? [];
  const flows = (added.data ?? []).map((row, index) => ({ Date: row.Date, added: row.Count, deleted: deleted.data?.[index]?.Count ?? 0 }));
  const cap = capMarker(info?.Caps.MaxCapacityBytes ?? 0);
  return (
    <>
      <ChartCard
        id="stats-capacity"
        title={t(M.capacity_title)}
        table={
          <ValuesTable
            headings={[t(M.date), t(M.capacity_held)]}
            rows={capacity.data?.map((row) => [inLanguageDigits(row.Date), bytes(row.Count)])}
          />
        }
      >
        <ChartFrame loading={capacity.isPending} empty={allZero(held.map((row) => row.Count))} label={t(M.capacity_title)}>
          <LineChart
            series={[{ id: t(M.capacity_held), data: held.map((row) => ({ x: row.Date, y: row.Count })) }]}
            format={bytes}
            cap={cap}
            capLabel={t(M.cap)}
          />
        </ChartFrame>
      </ChartCard>
      <ChartCard
        id="stats-flows"
        title={t(M.flows_title)}
        table={
          <ValuesTable
            headings={[t(M.date), t(M.flows_added), t(M.flows_deleted)]}
            rows={
              added.data && deleted.data
                ? flows.map((row) => [inLanguageDigits(row.Date), bytes(row.added), bytes(row.deleted)])
                : undefined
            }
          />
        }
      >
        <ChartFrame
          loading={added.isPending || deleted.isPending}
          empty={allZero(flows.flatMap((row) => [row.added, row.deleted]))}
          label={t(M.flows_title)}
        >
          <BarChart
            data={flows}
            keys={['added', 'deleted']}
            names={{ added: t(M.flows_added), deleted: t(M.flows_deleted) }}
            format={bytes}
          />
        </ChartFrame>
      </ChartCard>
    </>
  );
}

export function WebConnectionSection({ unit, info }: SectionProps) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const connected = useSeriesStatistics('connected', unit);
  const rows = connected.data ?? [];
  return (
    <ChartCard
      id="stats-connections"
      title={t(M.connections_title)}
      table={
        <ValuesTable
          headings={[t(M.date), t(M.connections_peak), t(M.connections_accounts)]}
          rows={connected.data?.map((row) => [inLanguageDigits(row.Date), row.Count, row.Accounts])}
        />
      }
    >
      <ChartFrame
        loading={connected.isPending}
        empty={allZero(rows.flatMap((row) => [row.Count, row.Accounts]))}
        label={t(M.connections_title)}
      >
        <BarChart
          data={rows.map((row) => ({ Date: row.Date, peak: row.Count, accounts: row.Accounts }))}
          keys={['peak', 'accounts']}
          names={{ peak: t(M.connections_peak), accounts: t(M.connections_accounts) }}
          format={count}
          integer
          cap={capMarker(info?.Caps.MaxWebConnections ?? 0)}
          capLabel={t(M.cap)}
        />
      </ChartFrame>
    </ChartCard>
  );
}

/** DICOM associations (not one of spec 1 §2's tabs: admin/statistics only; docs/decisions.md). */
export function DicomConnectionSection({ unit }: SectionProps) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const associations = useSeriesStatistics('dicomconnections', unit);
  const rows = associations.data ?? [];
  return (
    <ChartCard
      id="stats-dicom-connections"
      title={t(M.associations_title)}
      table={
        <ValuesTable
          headings={[t(M.date), t(M.associations_accepted), t(M.associations_rejected), t(M.connections_peak)]}
          rows={associations.data?.map((row) => [row.Date, row.Accepted, row.Rejected, row.Peak])}
        />
      }
    >
      <ChartFrame loading={associations.isPending} empty={allZero(rows.map((row) => row.Count))} label={t(M.associations_title)}>
        <BarChart
          data={rows.map((row) => ({ Date: row.Date, accepted: row.Accepted, rejected: row.Rejected }))}
          keys={['accepted', 'rejected']}
          names={{ accepted: t(M.associations_accepted), rejected: t(M.associations_rejected) }}
          format={count}
          integer
          stacked
        />
      </ChartFrame>
    </ChartCard>
  );
}

export function ShareSection({ unit, info }: SectionProps) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const shares = useSeriesStatistics('share', unit);
  const rows = shares.data ?? [];
  return (
    <ChartCard
      id="stats-shares"
      title={t(M.shares_title)}
      table={
        <ValuesTable
          headings={[t(M.date), t(M.shares_study), t(M.shares_patient), t(M.count)]}
          rows={shares.data?.map((row) => [inLanguageDigits(row.Date), row.Study, row.Patient, row.Count])}
        />
      }
    >
      <ChartFrame loading={shares.isPending} empty={allZero(rows.map((row) => row.Count))} label={t(M.shares_title)}>
        <BarChart
          data={rows.map((row) => ({ Date: row.Date, study: row.Study, patient: row.Patient }))}
          keys={['study', 'patient']}
          names={{ study: t(M.shares_study), patient: t(M.shares_patient) }}
          format={count}
          integer
          stacked
          cap={capMarker(info?.Caps.MaxMonthlyShares ?? 0, { monthlyOnly: true, unit })}
          capLabel={t(M.cap)}
        />
      </ChartFrame>
    </ChartCard>
  );
}

export function StudySection({ unit }: SectionProps) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const modalities = useModalityStatistics(unit, 'arrival');
  const rows = modalities.data ?? [];
  const { keys, bars } = modalityBars(rows);
  const slices = modalitySlices(rows);
  return (
    <>
      <ChartCard
        id="stats-studies"
        title={t(M.studies_title)}
        table={
          <ValuesTable
            headings={[t(M.date), ...keys]}
            rows={
              modalities.data ? bars.map((bar) => [inLanguageDigits(String(bar.Date)), ...keys.map((key) => bar[key] ?? 0)]) : undefined
            }
          />
        }
      >
        <ChartFrame loading={modalities.isPending} empty={slices.length === 0} label={t(M.studies_title)}>
          <BarChart data={bars} keys={keys} format={count} stacked integer />
        </ChartFrame>
      </ChartCard>
      <ChartCard
        id="stats-modalities"
        title={t(M.studies_by_modality)}
        table={
          <ValuesTable
            headings={[t(M.modality), t(M.count)]}
            rows={modalities.data ? slices.map((slice) => [slice.label, slice.value]) : undefined}
          />
        }
      >
        <ChartFrame loading={modalities.isPending} empty={slices.length === 0} label={t(M.studies_by_modality)}>
          <PieChart slices={slices} format={count} />
        </ChartFrame>
      </ChartCard>
    </>
  );
}
