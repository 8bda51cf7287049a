/**
 * A project's progress: the "Progress" line with its percentage, and the bar
 * (a progressbar named after the project). `className` spaces the two;
 * `valueClassName` weights the percentage.
 */
export function ProjectProgress({
  name,
  progress,
  className,
  valueClassName,
}: {
  name: string;
  progress: number;
  className: string;
  valueClassName: string;
}) {
  return (
    <div className={className}>
      <div className="flex justify-between text-sm">
        <span className="text-text-muted">Progress</span>
        <span className={valueClassName}>{progress}%</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-surface-raised"
        role="progressbar"
        aria-label={`${name} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="h-full rounded-full bg-green" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
