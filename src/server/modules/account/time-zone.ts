// The time zone of the student's device, kept from the calls that send it (decisions 0041, 0045): the seat e-mails
// and reminders say a webinar's start in it, and a certificate is dated the day it was there. One Intl does not know
// is left out; the row is written only when the zone changes.
import type { Kysely } from 'kysely';
import { isTimeZone } from '#shared/domain/format';
import type { DB } from '../../db/schema.ts';

export async function rememberTimeZone(db: Kysely<DB>, studentId: number, tz: string | undefined): Promise<void> {
  if (!tz || !isTimeZone(tz)) return;
  await db
    .updateTable('students')
    .set({ timeZone: tz })
    .where('id', '=', studentId)
    .where((eb) => eb.or([eb('timeZone', 'is', null), eb('timeZone', '!=', tz)]))
    .execute();
}
