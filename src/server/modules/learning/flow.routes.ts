// The learning flow between viewing and the exam (spec §4 "Learning flow", "Guards", "SVA", "Survey"):
// the evaluation, the sponsored video's offer and the sponsor survey. Each step is a write on the
// student's gradebook row, allowed by the course gate inside the same write transaction, so a browser
// cannot skip ahead. Every save is idempotent (offline-and-audio.md 6): the evaluation is claimed by a
// conditional UPDATE, and a resent offer or survey answer replaces its own earlier row (one per question).
import type { Kysely } from 'kysely';
import { getSurvey, getSva, postSaveEval, postSaveSurveyResponse, postSaveSvaResponse } from '#shared/api/learning';
import { nowIso, type Clock } from '../../clock.ts';
import { randomHash } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { NO_CLASS, type CourseGate } from './course-gate.service.ts';
import type { Course } from './course.repository.ts';

/** spec §8 "Responses": the answer names a sponsored video, survey, question or option that is not this class's */
export const DATA_ERROR = 'Data error.  Try again later.';
export const ONE_CHOICE = 'Choose exactly one answer for this question.';
export const SOME_CHOICE = 'Choose at least one answer for this question.';

const SURVEY_TYPES = ['yesno', 'single', 'multi'] as const;
type SurveyType = (typeof SURVEY_TYPES)[number];
const isSurveyType = (t: string): t is SurveyType => (SURVEY_TYPES as readonly string[]).includes(t);

export function learningFlowRoutes(db: Kysely<DB>, opts: { clock: Clock; gate: CourseGate }): Implementation[] {
  const { gate } = opts;
  const classByHash = (c: string) => gate.course(db, { c }, 'class');

  /** Inside `trx`, after the gate allowed `step`: marks it done, keeping the first time. */
  const markDone = async (trx: Kysely<DB>, studentId: number, course: Course, step: 'svaDoneAt' | 'surveyDoneAt' | null) => {
    const at = nowIso(opts.clock);
    await trx
      .updateTable('gradebook')
      .set((eb) => ({
        updatedAt: at,
        ...(step === 'svaDoneAt' ? { svaDoneAt: eb.fn.coalesce('svaDoneAt', eb.val(at)) } : {}),
        ...(step === 'surveyDoneAt' ? { surveyDoneAt: eb.fn.coalesce('surveyDoneAt', eb.val(at)) } : {}),
      }))
      .where('studentId', '=', studentId)
      .where('classId', '=', course.id)
      .execute();
  };

  return [
    implement(postSaveEval, async ({ body, student }) => {
      const { c, p, a } = body;
      if (c && p) throw new HttpError(400, 'Send either c or p, not both.');
      if (!c && !p) throw new HttpError(400, NO_CLASS);
      const course = await gate.course(db, { c, p });

      await writeTransaction(db, async (trx) => {
        const { progress: g } = await gate.require(trx, 'evaluation', course, student.id);
        if (g!.evalTakenAt) return;
        const at = nowIso(opts.clock);
        // the claim: of two parallel saves, one updates the row and the other finds it taken
        const claimed = await trx.updateTable('gradebook').set({ evalTakenAt: at, updatedAt: at }).where('id', '=', g!.id).where('evalTakenAt', 'is', null).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return;
        await trx
          .insertInto('evaluations')
          .values({
            studentId: student.id,
            classId: course.kind === 'class' ? course.id : null,
            podcastId: course.kind === 'podcast' ? course.id : null,
            courseObjectives: a.courseObjectives,
            courseUseful: a.courseUseful,
            courseAppropriate: a.courseAppropriate,
            courseLogical: a.courseLogical,
            instructorCommunication: a.instructorCommunication,
            instructorPreparedness: a.instructorPreparedness,
            instructorEffectiveness: a.instructorEffectiveness,
            sitePresentation: a.sitePresentation,
            siteNavigation: a.siteNavigation,
            siteComparison: a.siteComparison,
            comments: a.comments?.trim() || null,
            otherTopics: a.otherTopics?.trim() || null,
            createdAt: at,
          })
          .execute();
      });
      return { status: true };
    }),

    implement(getSva, async ({ query, student }) => {
      const cls = await classByHash(query.c);
      if (cls.svaId === null) return { status: true, rowCount: 0, data: [] };
      const progress = await db.selectFrom('gradebook').select('svaDoneAt').where('studentId', '=', student.id).where('classId', '=', cls.id).executeTakeFirst();
      const sva = await db
        .selectFrom('svas as v')
        .innerJoin('companies as co', 'co.id', 'v.companyId')
        .select(['v.id', 'v.youtubeId', 'v.videoFile', 'v.headline', 'v.blurb', 'v.buttonYes', 'v.buttonNo', 'co.name as companyName', 'co.logo'])
        .where('v.id', '=', cls.svaId)
        .executeTakeFirstOrThrow();
      return {
        status: true,
        rowCount: 1,
        data: [
          {
            id: sva.id,
            youtubeId: sva.youtubeId,
            videoFile: sva.videoFile,
            companyName: sva.companyName,
            companyPhoto: sva.logo,
            headline: sva.headline,
            blurb: sva.blurb,
            // the content has no text of its own for the line above the buttons
            headlineButtons: `Interested in this offer from ${sva.companyName}?`,
            buttonTextYes: sva.buttonYes,
            buttonTextNo: sva.buttonNo,
            answered: Boolean(progress?.svaDoneAt),
          },
        ],
      };
    }),

    implement(postSaveSvaResponse, async ({ body, student }) => {
      const cls = await classByHash(body.c);
      // only the offer this class shows can be answered: a sponsor's lead list never holds other classes' answers
      if (cls.svaId === null || cls.svaId !== body.v) throw new HttpError(400, DATA_ERROR);
      const svaId = cls.svaId;
      await writeTransaction(db, async (trx) => {
        await gate.require(trx, 'sva', cls, student.id);
        await markDone(trx, student.id, cls, 'svaDoneAt');
        // one answer per student and class; answering again (after Replay Video) replaces it
        const held = await trx.selectFrom('svaResponses').select('id').where('studentId', '=', student.id).where('classId', '=', cls.id).executeTakeFirst();
        if (held) await trx.updateTable('svaResponses').set({ svaId, answerCode: body.e }).where('id', '=', held.id).execute();
        else await trx.insertInto('svaResponses').values({ svaId, studentId: student.id, classId: cls.id, answerCode: body.e, createdAt: nowIso(opts.clock) }).execute();
      });
      return { status: true };
    }),

    implement(getSurvey, async ({ query, student }) => {
      const cls = await classByHash(query.c);
      if (cls.surveyId === null) return { status: true, rowCount: 0, data: [] };
      const survey = await db.selectFrom('surveys').select(['id', 'hash', 'submitLabel']).where('id', '=', cls.surveyId).executeTakeFirstOrThrow();
      const questions = await db.selectFrom('surveyQuestions').select(['id', 'hash', 'question', 'type']).where('surveyId', '=', survey.id).orderBy('position').orderBy('id').execute();
      const options = questions.length
        ? await db.selectFrom('surveyOptions').select(['questionId', 'hash', 'label']).where('questionId', 'in', questions.map((q) => q.id)).orderBy('position').orderBy('id').execute()
        : [];
      // the student's answers so far (one per question): a survey left in the middle (a reload, a lost
      // connection) resumes at the first question not answered, in the same session
      const given = await db
        .selectFrom('surveyResponses as r')
        .innerJoin('surveyQuestions as q', 'q.id', 'r.questionId')
        .select(['q.hash', 'r.choices', 'r.sessionHash'])
        .where('r.studentId', '=', student.id)
        .where('r.classId', '=', cls.id)
        .where('r.surveyId', '=', survey.id)
        .orderBy('r.id', 'desc')
        .execute();
      return {
        status: true,
        rowCount: 1,
        data: [
          {
            hash: survey.hash,
            // names this pass through the survey: the one under way if there is one
            sessionHash: given[0]?.sessionHash ?? randomHash(),
            answered: given.map((g) => ({ q: g.hash, choices: JSON.parse(g.choices) as string[] })),
            questions: questions.map((q) => ({
              hash: q.hash,
              question: q.question,
              type: isSurveyType(q.type) ? q.type : 'single',
              buttons: options.filter((o) => o.questionId === q.id).map((o) => ({ hash: o.hash, label: o.label })),
            })),
            submit: { label: survey.submitLabel },
          },
        ],
      };
    }),

    implement(postSaveSurveyResponse, async ({ body, student }) => {
      const cls = await classByHash(body.c);
      const survey = await db.selectFrom('surveys').select('id').where('hash', '=', body.sh).executeTakeFirst();
      if (!survey || survey.id !== cls.surveyId) throw new HttpError(400, DATA_ERROR);
      const question = await db.selectFrom('surveyQuestions').select(['id', 'type']).where('hash', '=', body.q).where('surveyId', '=', survey.id).executeTakeFirst();
      if (!question) throw new HttpError(400, DATA_ERROR);
      const choices = [...new Set(body.choices)];
      const known = await db.selectFrom('surveyOptions').select('hash').where('questionId', '=', question.id).where('hash', 'in', choices).execute();
      if (known.length !== choices.length) throw new HttpError(400, DATA_ERROR);
      // spec §4: yesno and single allow one, multi allows many
      if (question.type !== 'multi' && choices.length !== 1) throw new HttpError(400, ONE_CHOICE);
      if (choices.length < 1) throw new HttpError(400, SOME_CHOICE);

      await writeTransaction(db, async (trx) => {
        await gate.require(trx, 'survey', cls, student.id);
        await markDone(trx, student.id, cls, body.isLast ? 'surveyDoneAt' : null);
        // one answer per student, class and question (migration 0012): an answer sent again, or given again
        // in a later pass, replaces the one before
        const stored = JSON.stringify(choices);
        await trx
          .insertInto('surveyResponses')
          .values({ surveyId: survey.id, questionId: question.id, studentId: student.id, classId: cls.id, sessionHash: body.sessionHash, choices: stored, createdAt: nowIso(opts.clock) })
          .onConflict((oc) => oc.columns(['studentId', 'classId', 'questionId']).where('classId', 'is not', null).doUpdateSet({ choices: stored, sessionHash: body.sessionHash }))
          .execute();
      });
      return { status: true };
    }),
  ];
}
