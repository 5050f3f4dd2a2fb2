// The details block of a class page (spec §2): photo, title line, speaker, sponsor, release date, credits,
// description and learning objectives.
import type { ClassDetail } from '#shared/api/classes';
import { formatCreditsWithType } from '#shared/domain/format';
import { mediaUrl } from '../../../lib/media.ts';
import { richText } from '../../../lib/sanitize-html.tsx';
import { useShownMoments } from '../../../lib/hydration.ts';


export function ClassDetails({ cls, live = false }: { cls: ClassDetail; live?: boolean }) {
  const moments = useShownMoments();
  const credits = formatCreditsWithType(cls.credits, cls.ceTypeId, cls.creditName);
  return (
    <div className="class-details">
      {cls.photo && <img className="class-photo" src={mediaUrl(cls.photo)} alt="" width={480} height={270} decoding="async" />}
      <dl className="facts">
        <div>
          <dt>Speaker</dt>
          <dd>
            {cls.name}
            {cls.speakerCredentials ? `, ${cls.speakerCredentials}` : ''}
          </dd>
        </div>
        {cls.companyName && (
          <div>
            <dt>Sponsor</dt>
            <dd>{cls.companyName}</dd>
          </div>
        )}
        <div>
          <dt>{live ? 'Date' : 'Release date'}</dt>
          <dd>{live ? moments.dateTime(cls.releaseDateUTC) : moments.date(cls.releaseDateUTC)}</dd>
        </div>
        {/* product training carries no credit: no line rather than '0 CEU' */}
        {credits && (
          <div>
            <dt>Credits</dt>
            <dd>{credits}</dd>
          </div>
        )}
        {cls.durationMin > 0 && (
          <div>
            <dt>Length</dt>
            <dd>{cls.durationMin} minutes</dd>
          </div>
        )}
        {cls.agdCode && (
          <div>
            <dt>AGD subject code</dt>
            <dd>
              {cls.agdCode}
              {cls.agdCategory ? ` (${cls.agdCategory})` : ''}
            </dd>
          </div>
        )}
      </dl>
      <section aria-labelledby="class-about" className="class-description">
        <h2 id="class-about">About this {cls.isTutorial ? 'tutorial' : 'course'}</h2>
        {richText(cls.description)}
        {cls.learningObjectives.length > 0 && (
          <>
            <h3>Learning objectives</h3>
            <ul>
              {cls.learningObjectives.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
