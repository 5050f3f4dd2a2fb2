// First-party sponsor ads and featured content clicks (spec §7; security.md: no third-party ad script).
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { BodyInt, Hash, Ok, S, Str } from './common.ts';

export const getMobileAd = endpoint({
  method: 'GET',
  path: 'mobilead',
  access: 'optional',
  query: v.object({ s: S, a: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'a must be an ad id'), v.transform(Number)) }),
  response: v.object({
    status: v.boolean(),
    rowCount: v.number(),
    data: v.array(v.object({ adId: v.number(), companyName: v.string(), buttonText: v.string(), blurb: v.string(), confirmationMessageTitle: v.string(), confirmationMessage: v.string() })),
  }),
});
export const postMobileAdSubmit = endpoint({
  method: 'POST',
  path: 'mobilead-submit',
  access: 'optional',
  /** e: the e-mail to send the offer to; a logged-in student's account e-mail when left out (checked on the server) */
  body: v.object({ s: S, a: BodyInt('a'), e: v.optional(Str(200)) }),
  response: Ok,
});
/** t: slot type (36 featured class, 37 featured podcast); h: the item hash */
export const postFeaturedContentClick = endpoint({ method: 'POST', path: 'featuredcontent-click', access: 'optional', body: v.object({ s: S, t: v.picklist([36, 37]), h: Hash }), response: Ok });
/** a banner view or click (VPAD_EVENTID 1 view, 2 click), recorded first-party */
export const postAdEvent = endpoint({ method: 'POST', path: 'ad-event', access: 'optional', body: v.object({ s: S, a: BodyInt('a'), e: v.picklist([1, 2]) }), response: Ok });
