// The one lookup of a course by its hash, class or podcast episode, with what the course gate, grading
// and certificates need to know about it. Every module that acts on a course finds it here.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type Db = Kysely<DB> | Transaction<DB>;

export interface CourseRef {
  c?: string | null | undefined;
  p?: string | null | undefined;
}

export interface Course {
  kind: 'class' | 'podcast';
  id: number;
  hash: string;
  title: string;
  description: string;
  speakerName: string;
  /** class type (CLASS_TYPE); null for a podcast episode */
  typeId: number | null;
  isTutorial: boolean;
  releaseDate: string;
  /** a class's length in minutes (a webinar ends at its start plus this: webinarEndMs); an episode's rounded up */
  durationMin: number;
  zoomCode: string | null;
  credits: number;
  ceTypeId: number;
  agdCode: string | null;
  svaId: number | null;
  surveyId: number | null;
  /** the course's exam, if it has one */
  examId: number | null;
  minScore: number | null;
}

/** a class by its hash, or by its id where a row already names it (a seat) */
export async function findClass(db: Db, ref: string | { id: number }): Promise<Course | undefined> {
  const row = await db
    .selectFrom('classes as c')
    .innerJoin('speakers as sp', 'sp.id', 'c.speakerId')
    .leftJoin('exams as e', 'e.classId', 'c.id')
    .select(['c.id', 'c.hash', 'c.name', 'c.description', 'sp.name as speakerName', 'c.typeId', 'c.isTutorial', 'c.releaseDate', 'c.durationMin', 'c.zoomCode', 'c.credits', 'c.ceTypeId', 'c.agdCode', 'c.svaId', 'c.surveyId', 'e.id as examId', 'e.minScore'])
    .where(typeof ref === 'string' ? 'c.hash' : 'c.id', '=', typeof ref === 'string' ? ref : ref.id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'class',
    id: row.id,
    hash: row.hash,
    title: row.name,
    description: row.description,
    speakerName: row.speakerName,
    typeId: row.typeId,
    isTutorial: row.isTutorial === 1,
    releaseDate: row.releaseDate,
    durationMin: row.durationMin,
    zoomCode: row.zoomCode,
    // PostgreSQL's real comes back as a number, but Number() keeps a driver's string from leaking through
    credits: Number(row.credits),
    ceTypeId: row.ceTypeId,
    agdCode: row.agdCode,
    svaId: row.svaId,
    surveyId: row.surveyId,
    examId: row.examId ?? null,
    minScore: row.minScore ?? null,
  };
}

export async function findPodcast(db: Db, hash: string): Promise<Course | undefined> {
  const row = await db
    .selectFrom('podcasts as p')
    .innerJoin('speakers as sp', 'sp.id', 'p.speakerId')
    .leftJoin('exams as e', 'e.podcastId', 'p.id')
    .select(['p.id', 'p.hash', 'p.title', 'p.description', 'sp.name as speakerName', 'p.releaseDate', 'p.durationSec', 'p.credits', 'p.ceTypeId', 'e.id as examId', 'e.minScore'])
    .where('p.hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'podcast',
    id: row.id,
    hash: row.hash,
    title: row.title,
    description: row.description,
    speakerName: row.speakerName,
    typeId: null,
    isTutorial: false,
    releaseDate: row.releaseDate,
    durationMin: Math.ceil(row.durationSec / 60),
    zoomCode: null,
    credits: Number(row.credits),
    ceTypeId: row.ceTypeId,
    agdCode: null,
    svaId: null,
    surveyId: null,
    examId: row.examId ?? null,
    minScore: row.minScore ?? null,
  };
}

/** the class (c) or podcast episode (p) a request names; undefined when it names neither or nothing known */
export function findCourse(db: Db, ref: CourseRef): Promise<Course | undefined> {
  if (ref.c) return findClass(db, ref.c);
  if (ref.p) return findPodcast(db, ref.p);
  return Promise.resolve(undefined);
}

/** the student's gradebook row for the course: their progress through its steps */
export function findProgress(db: Db, course: Pick<Course, 'kind' | 'id'>, studentId: number) {
  return db
    .selectFrom('gradebook')
    .selectAll()
    .where('studentId', '=', studentId)
    .where(course.kind === 'class' ? 'classId' : 'podcastId', '=', course.id)
    .executeTakeFirst();
}
export type Progress = NonNullable<Awaited<ReturnType<typeof findProgress>>>;

/** whether the student holds a confirmed seat (not a waitlist place) in the webinar */
export async function holdsSeat(db: Db, classId: number, studentId: number): Promise<boolean> {
  const seat = await db.selectFrom('seats').select('id').where('classId', '=', classId).where('studentId', '=', studentId).where('status', '=', 'reserved').executeTakeFirst();
  return seat !== undefined;
}
