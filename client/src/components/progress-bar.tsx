/** A determinate progress bar (0–100 %), named for screen readers by `label`. */
export function ProgressBar({ percent, label, className }: { percent: number; label?: string; className?: string }) {
  const shown = Math.max(0, Math.min(100, percent));
  return (
    <div
      className={className ? `progress ${className}` : 'progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
    >
      <div className="progress-bar" style={{ inlineSize: `${shown}%` }} />
    </div>
  );
}
