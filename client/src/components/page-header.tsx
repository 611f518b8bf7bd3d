import type { ReactNode } from 'react';

/**
 * A screen's heading: its title, an optional one-line description under it, and optional
 * content at the other end (actions, a count).
 */
export function PageHeader({ title, description, children }: { title: ReactNode; description?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      {description === undefined ? (
        <h1 className="page-title">{title}</h1>
      ) : (
        <div>
          <h1 className="page-title">{title}</h1>
          <p className="muted">{description}</p>
        </div>
      )}
      {children}
    </header>
  );
}
