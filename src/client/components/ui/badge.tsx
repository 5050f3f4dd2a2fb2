// The status badges of spec §4: RESERVED, WAITLIST, COMPLETED, and FEATURED on featured content.
import type { Label } from '#shared/domain/labels';

export function Badge({ label }: { label: Label }) {
  return <span className={`badge badge-${label.toLowerCase()}`}>{label}</span>;
}
