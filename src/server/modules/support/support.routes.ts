// The support form (spec §2, §5): the same rules as the form, the message stored, and e-mailed to the
// support address through the outbox in the same transaction.
import type { Kysely } from 'kysely';
import { postSupport } from '#shared/api/support';
import { hasErrors, trimFields } from '#shared/domain/registration';
import { CORRECT_ERRORS } from '#shared/domain/validation';
import { validateSupport } from '#shared/domain/validation';
import { isoAt, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { supportMail } from '../../mail/messages.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';

export function supportRoutes(db: Kysely<DB>, opts: { clock: Clock; supportEmail: string; mailer: Mailer }): Implementation[] {
  return [
    implement(postSupport, async ({ body, student }) => {
      const f = trimFields({ name: body.name, office: body.office, email: body.email, phone: body.phone, subject: body.subject, comment: body.comment });
      const errors = validateSupport(f);
      if (hasErrors(errors)) throw new HttpError(400, CORRECT_ERRORS, { errors: errors as Record<string, string> });
      const now = opts.clock.now();
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('supportMessages')
          .values({ studentId: student?.id ?? null, ...f, email: f.email.toLowerCase(), createdAt: isoAt(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await enqueueMail(trx, supportMail(opts.supportEmail, id, f, student?.hash ?? null), now);
      });
      opts.mailer.wake();
      return { status: true };
    }),
  ];
}
