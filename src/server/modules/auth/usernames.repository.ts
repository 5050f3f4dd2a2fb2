// Usernames are found whatever the case they are typed in (decision 0049): a hygienist who registered 'JoRivera26'
// logs in, and recovers the account, as 'jorivera26' (a phone's keyboard capitalizes a field's first letter unless
// told not to, and people remember the name, not its case). Registration keeps one name per spelling: a name that
// differs from another only in case is taken. Two accounts that already differ only in case (or that a race of two
// registrations made) are each found by their exact name alone, so nobody reaches another's account.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** the students whose username is `typed` whatever its case (the `students_username_lower` index, migration 0020) */
const sameName = (typed: string) => (eb: ExpressionBuilder<DB, 'students'>) => eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(typed)]));

/** the account's username as stored, for what was typed: the exact name, else the one name equal to it but for case */
export async function storedUsername(db: Kysely<DB>, typed: string): Promise<string | null> {
  const names = (await db.selectFrom('students').select('username').where(sameName(typed)).execute()).map((r) => r.username);
  if (names.includes(typed)) return typed;
  return names.length === 1 ? names[0]! : null;
}

/** true when a student other than `exceptId` has this username in any case */
export async function usernameTaken(db: Kysely<DB>, typed: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('students').select('id').where(sameName(typed));
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
