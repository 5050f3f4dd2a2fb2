// Sponsor ads and featured content, first-party (security.md): the ad detail, the lead a student asks
// for, and banner views, banner clicks and featured clicks recorded in our own tables.
import type { Kysely } from 'kysely';
import { getMobileAd, postAdEvent, postFeaturedContentClick, postMobileAdSubmit } from '#shared/api/ads';
import { VPAD_SLOT } from '#shared/domain/constants';
import { CORRECT_ERRORS } from '#shared/domain/validation';
import { adEmailError } from '#shared/domain/ads';
import { nowIso, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';

export const AD_GONE = 'This offer is no longer available.';
/** decisions.md / docs/decisions/0003: after /gdpr nothing about the student goes to a sponsor */
export const CONSENT_WITHDRAWN = 'You withdrew your consent on the GDPR page, so we no longer pass your details to sponsors.';

export function sponsorRoutes(db: Kysely<DB>, opts: { clock: Clock }): Implementation[] {
  const activeAd = async (id: number) => {
    const ad = await db
      .selectFrom('ads as a')
      .innerJoin('companies as co', 'co.id', 'a.companyId')
      .select(['a.id', 'a.buttonText', 'a.blurb', 'a.confirmationTitle', 'a.confirmationMessage', 'co.name as companyName'])
      .where('a.id', '=', id)
      .where('a.active', '=', 1)
      .executeTakeFirst();
    if (!ad) throw new HttpError(404, AD_GONE);
    return ad;
  };

  return [
    implement(getMobileAd, async ({ query }) => {
      const ad = await activeAd(query.a);
      return {
        status: true,
        rowCount: 1,
        data: [{ adId: ad.id, companyName: ad.companyName, buttonText: ad.buttonText, blurb: ad.blurb, confirmationMessageTitle: ad.confirmationTitle, confirmationMessage: ad.confirmationMessage }],
      };
    }),

    implement(postMobileAdSubmit, async ({ body, student }) => {
      const ad = await activeAd(body.a);
      let email = body.e?.trim().toLowerCase() ?? '';
      if (student) {
        const me = await db.selectFrom('students').select(['email', 'consentRemovedAt']).where('id', '=', student.id).executeTakeFirstOrThrow();
        if (me.consentRemovedAt) throw new HttpError(403, CONSENT_WITHDRAWN);
        email ||= me.email;
      }
      const problem = adEmailError(email);
      if (problem) throw new HttpError(400, CORRECT_ERRORS, { errors: { e: problem } });
      // one lead per offer and address: asking twice is not two requests for the sponsor
      const known = await db.selectFrom('adLeads').select('id').where('adId', '=', ad.id).where('email', '=', email).executeTakeFirst();
      if (!known) await db.insertInto('adLeads').values({ adId: ad.id, studentId: student?.id ?? null, email, createdAt: nowIso(opts.clock) }).execute();
      return { status: true };
    }),

    implement(postAdEvent, async ({ body, student }) => {
      const ad = await activeAd(body.a);
      await db.insertInto('adEvents').values({ adId: ad.id, studentId: student?.id ?? null, eventId: body.e, createdAt: nowIso(opts.clock) }).execute();
      return { status: true };
    }),

    implement(postFeaturedContentClick, async ({ body, student }) => {
      // only what is featured can be clicked as featured: the counts a sponsor sees stay honest
      const featured =
        body.t === VPAD_SLOT.FEATURED_CLASS
          ? await db.selectFrom('featuredContent as f').innerJoin('classes as c', 'c.id', 'f.classId').select('f.id').where('c.hash', '=', body.h).executeTakeFirst()
          : await db.selectFrom('featuredContent as f').innerJoin('podcasts as p', 'p.id', 'f.podcastId').select('f.id').where('p.hash', '=', body.h).executeTakeFirst();
      if (!featured) throw new HttpError(404, 'Not featured.');
      await db.insertInto('featuredClicks').values({ slotType: body.t, hash: body.h, studentId: student?.id ?? null, createdAt: nowIso(opts.clock) }).execute();
      return { status: true };
    }),
  ];
}
