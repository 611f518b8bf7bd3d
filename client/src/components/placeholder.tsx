import { FormattedMessage } from 'react-intl';

/** A screen that a later release fills: names itself, shows no made-up data. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="placeholder" aria-labelledby="placeholder-title">
      <div className="placeholder-card">
        <div className="placeholder-mark" aria-hidden="true" />
        <h1 id="placeholder-title" className="placeholder-title">
          {title}
        </h1>
        <p className="placeholder-text">
          <FormattedMessage id="placeholder.later_release" />
        </p>
      </div>
    </section>
  );
}
