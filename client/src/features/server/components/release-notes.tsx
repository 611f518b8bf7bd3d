/** The releases' notes, as the about page and the dialog after an upgrade show them. */
import { FormattedMessage } from 'react-intl';
import { formatDate } from '../../../lib/format.ts';
import { RELEASES, type Release } from '../release-notes.ts';

export function ReleaseNotesList({ releases = RELEASES }: { releases?: readonly Release[] }) {
  return (
    <div className="release-notes">
      <p className="muted">
        <FormattedMessage id="about.release_notes.english" />
      </p>
      {releases.map((release) => (
        <section key={release.version} aria-labelledby={`release-${release.version}`}>
          <h2 id={`release-${release.version}`} className="card-title">
            <FormattedMessage id="about.release_notes.version" values={{ version: release.version, date: formatDate(release.date) }} />
          </h2>
          <ul lang="en">
            {release.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
