// A course as the license screens list it, a CE Pass certificate or one taken elsewhere: its title (with the
// "Self-reported" label when the student recorded it), provider and date, hours, format, topics and AGD code.
import type { Entry } from '#shared/api/license';
import { SELF_REPORTED, TOPIC_LABELS } from '#shared/domain/license';
import { formatDay, formatHours } from '../format.ts';

type Course = Pick<Entry, 'title' | 'provider' | 'date' | 'hours' | 'format' | 'topics' | 'otherTopics' | 'agdCode'>;

export function CourseFacts({ course, selfReported }: { course: Course; selfReported: boolean }) {
  const topics = [...course.topics.map((t) => TOPIC_LABELS[t]), ...course.otherTopics];
  return (
    <>
      <p className="entry-title">
        {course.title}
        {selfReported && <span className="pill pill-reported">{SELF_REPORTED}</span>}
      </p>
      <p className="row-detail">
        {course.provider} · {formatDay(course.date)}
      </p>
      <p className="row-detail">
        {formatHours(course.hours)} · {course.format === 'live' ? 'Live' : 'Self-study'}
        {topics.length > 0 && <> · {topics.join(', ')}</>}
        {course.agdCode && <> · AGD {course.agdCode}</>}
      </p>
    </>
  );
}
