/** The pieces every statistics screen shares: the scope selector, a chart card, its table, the backfill note. */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { inLanguageDigits } from '../../../lib/dicom-format.ts';
import { SCOPES } from '../chart-data.ts';
import { SCOPE_MESSAGES } from '../messages.ts';
import type { StatisticsInfo, StatisticsUnit } from '../types.ts';

/** Days, months or years (spec 3 §2; months by default). */
export function ScopeSelect({ value, onChange }: { value: StatisticsUnit; onChange: (unit: StatisticsUnit) => void }) {
  const intl = useIntl();
  return (
    <div className="stats-scope" role="radiogroup" aria-label={intl.formatMessage({ id: 'statistics.scope.label' })}>
      {SCOPES.map((unit) => (
        <button
          key={unit}
          type="button"
          role="radio"
          aria-checked={unit === value}
          className={unit === value ? 'stats-scope-item is-active' : 'stats-scope-item'}
          onClick={() => onChange(unit)}
        >
          <FormattedMessage {...SCOPE_MESSAGES[unit]} />
        </button>
      ))}
    </div>
  );
}

/** A titled card: the chart, then the same figures as a table (screen readers, copying). */
export function ChartCard({ id, title, children, table }: { id: string; title: ReactNode; children: ReactNode; table?: ReactNode }) {
  return (
    <section className="card stats-card" aria-labelledby={`${id}-title`} data-chart={id}>
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      {children}
      {table}
    </section>
  );
}

/** The figures under a chart; `rows` undefined while loading. */
export function ValuesTable({ headings, rows }: { headings: string[]; rows: (string | number)[][] | undefined }) {
  if (!rows || rows.length === 0) return null;
  return (
    <div className="table-wrap stats-table-wrap">
      <table className="table stats-table">
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className={index === 0 ? undefined : 'num'}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {typeof cell === 'number' ? inLanguageDigits(String(cell)) : cell}
                  </th>
                ) : (
                  <td key={index} className="num">
                    {typeof cell === 'number' ? inLanguageDigits(String(cell)) : cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the figures rest on: the time zone, and the one backfill from the index if there was one. */
export function BackfillNote({ info }: { info: StatisticsInfo | undefined }) {
  if (!info) return null;
  return (
    <p className="muted stats-note">
      <FormattedMessage id="statistics.time_zone" values={{ zone: info.TimeZone }} />{' '}
      {info.Backfill && <FormattedMessage id="statistics.backfill" values={{ date: info.Backfill.DoneAt.slice(0, 10) }} />}{' '}
      {info.Limited && <FormattedMessage id="statistics.limited" />}
    </p>
  );
}
