/**
 * about/release-notes, about/terms and about/credits (spec 1 §2 route table; public). The credits
 * come from `credits.json`, which the build generates from the dependency tree (scripts/credits).
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { PRODUCT_NAME, type CreditEntry } from '@pacs/common';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCredits } from '../api/get-credits.ts';
import { ReleaseNotesList } from './release-notes.tsx';
import '../server.css';

export function ReleaseNotesPage() {
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="about.release_notes.title" />} />
      <div className="card">
        <ReleaseNotesList />
      </div>
    </div>
  );
}

export function TermsPage() {
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="about.terms.title" />} />
      <div className="card about-text">
        <p>
          <FormattedMessage id="about.terms.software" values={{ product: PRODUCT_NAME }} />
        </p>
        <p>
          <FormattedMessage id="about.terms.medical" />
        </p>
        <p>
          <FormattedMessage id="about.terms.privacy" />
        </p>
      </div>
    </div>
  );
}

const usedBy = defineMessages({
  client: { id: 'about.credits.used_client' },
  server: { id: 'about.credits.used_server' },
});

/** Only web addresses become links: a package.json may say anything. */
const webAddress = (value: string): string | null => (/^https?:\/\/\S+$/.test(value) ? value : null);

function CreditRow({ entry }: { entry: CreditEntry }) {
  const intl = useIntl();
  const href = webAddress(entry.Homepage);
  return (
    <tr>
      <td>
        {href ? (
          <a href={href} target="_blank" rel="noreferrer noopener">
            {entry.Name}
          </a>
        ) : (
          entry.Name
        )}
      </td>
      <td className="mono">{entry.Version}</td>
      <td>{entry.License === 'UNKNOWN' ? <FormattedMessage id="about.credits.not_declared" /> : entry.License}</td>
      <td>{entry.Used.map((side) => intl.formatMessage(usedBy[side])).join(', ')}</td>
      <td>{entry.Source === 'debian' ? 'Debian' : 'npm'}</td>
    </tr>
  );
}

export function CreditsPage() {
  const intl = useIntl();
  const credits = useCredits();
  const [filter, setFilter] = useState('');
  const components = credits.data?.Components;
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (components ?? []).filter((entry) => !needle || `${entry.Name} ${entry.License}`.toLowerCase().includes(needle));
  }, [components, filter]);
  const licences = useMemo(() => {
    const counts = new Map<string, number>();
    for (const entry of components ?? []) counts.set(entry.License, (counts.get(entry.License) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]);
  }, [components]);
  return (
    <div className="page">
      <PageHeader
        title={<FormattedMessage id="about.credits.title" />}
        description={<FormattedMessage id="about.credits.description" values={{ product: PRODUCT_NAME, count: components?.length ?? 0 }} />}
      />
      <div className="card">
        {!components ? (
          <p className="muted" role="status">
            {credits.isError ? <FormattedMessage id="about.credits.unavailable" /> : <FormattedMessage id="common.loading" />}
          </p>
        ) : (
          <>
            <p className="credits-licences">
              {licences.map(([licence, count]) => (
                <span key={licence} className="credits-licence">
                  {licence === 'UNKNOWN' ? intl.formatMessage({ id: 'about.credits.not_declared' }) : licence} · {count}
                </span>
              ))}
            </p>
            <div className="field">
              <label className="field-label" htmlFor="credits-filter">
                <FormattedMessage id="about.credits.filter" />
              </label>
              <input
                id="credits-filter"
                className="input"
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
            </div>
            <div className="table-wrap">
              <table className="table credits-table" data-testid="credits-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="about.credits.component" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="about.version" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="about.credits.licence" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="about.credits.used_by" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="about.credits.source" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((entry) => (
                    <CreditRow key={`${entry.Name}@${entry.Version}`} entry={entry} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
