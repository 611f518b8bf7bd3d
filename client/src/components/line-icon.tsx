/**
 * The 16 px line icons of the settings tables and tool bars (toolbar editor, template editor,
 * report layout editor, report toolbar), and the labelled icon buttons of their rows.
 */

/** Paths the row actions of several editors share (24×24 viewBox). */
export const ROW_ICON_PATHS = {
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  add: 'M12 5v14M5 12h14',
} as const;

/** A decorative icon: the button or text beside it carries the name. */
export function LineIcon({ path, strokeWidth = 1.8 }: { path: string; strokeWidth?: number }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** An icon-only row button; its label is both the accessible name and the tooltip unless `title` says otherwise. */
export function IconButton({
  label,
  title = label,
  path,
  danger,
  disabled,
  onClick,
}: {
  label: string;
  title?: string;
  path: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={danger ? 'icon-button icon-danger' : 'icon-button'}
      disabled={disabled}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      <LineIcon path={path} />
    </button>
  );
}
