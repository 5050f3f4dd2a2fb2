// The courses from elsewhere recorded on this device and not sent yet (the outbox keeps them with their proof): listed
// where the student looks for them, CE earned elsewhere and a license's courses, so a course recorded in a tunnel
// is not missing from the page she goes back to. They count toward a license once the server has them.
import { useOutboxView } from '../../../lib/outbox/index.ts';

/** the courses from elsewhere waiting in the outbox */
// (the store's own list selected, then filtered: a new array from the selector would render without end)
export const useWaitingCourses = () => useOutboxView((s) => s.pending).filter((a) => a.path === 'reported-course-add');

export function WaitingCourses({ level = 2 }: { level?: 2 | 3 }) {
  const waiting = useWaitingCourses();
  if (waiting.length === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="waiting-heading">
      <Heading id="waiting-heading">Waiting to be sent</Heading>
      <ul className="entry-list">
        {waiting.map((a) => (
          <li key={a.id} className="entry">
            <p className="entry-title">{(a.body as { title?: string }).title}</p>
            <p className="hint">Saved on this device{a.file ? ' with its proof' : ''}: sent when you are back online, and counted once it is recorded.</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
