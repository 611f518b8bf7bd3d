import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to load or render: a chunk that never arrived, or a bug. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof Error && error.name === 'ChunkLoadError';
  console.error(error);
  return (
    <section className="placeholder">
      <div className="placeholder-card">
        <h1 className="placeholder-title">
          {chunk ? <FormattedMessage id="errors.chunk_load" /> : <FormattedMessage id="errors.unexpected" />}
        </h1>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          <FormattedMessage id="common.reload" />
        </button>
      </div>
    </section>
  );
}
