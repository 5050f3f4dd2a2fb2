// Hours counted against the hours a renewal asks, at a glance: a native <meter> (no inline width: the CSP forbids
// inline styles), with the words beside it, so the bar is never the only way to read it.
import type { Progress } from '#shared/api/license';
import { formatHours } from '../format.ts';

export function ProgressMeter({ progress, id }: { progress: Progress; id: string }) {
  const { required, counted } = progress;
  if (required === null) return <p className="license-hours">{formatHours(counted)} counted · no total hours set</p>;
  return (
    <div className="license-meter">
      <p className="license-hours" id={id}>
        <strong>{formatHours(counted)}</strong> of {formatHours(required)} counted
      </p>
      <meter min={0} max={required || 1} value={Math.min(counted, required)} low={required * 0.5} high={required * 0.999} optimum={required} aria-labelledby={id} />
    </div>
  );
}
