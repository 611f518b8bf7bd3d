import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** Shown for an unknown, expired or withdrawn access key (spec 1 §4 "Guests"). */
export function InvalidScreen() {
  return (
    <section className="placeholder">
      <div className="placeholder-card">
        <h1 className="placeholder-title">
          <FormattedMessage id="invalid.title" />
        </h1>
        <p className="placeholder-text">
          <FormattedMessage id="errors.link_expired" />
        </p>
        <p className="placeholder-text">
          <FormattedMessage id="invalid.hint" />
        </p>
        <Link to={paths.login.getHref()} className="button">
          <FormattedMessage id="nav.login" />
        </Link>
      </div>
    </section>
  );
}
