// Everything this device stores between visits, each store behind one valibot schema with defaults and
// a version. Read back through `parsePersisted`, so a damaged or older record never breaks the app.
import * as v from 'valibot';

/**
 * The logged-in student (decisions.md 1): only non-secret profile fields for display and the route
 * guard. No token: the session itself is an HttpOnly cookie the page never sees.
 */
export const PersistedSession = v.object({
  /** the student's public hash; null when nobody is logged in */
  hash: v.fallback(v.optional(v.nullable(v.string()), null), null),
  /** 'first middle last' joined, for the menu and the support form */
  name: v.fallback(v.optional(v.string(), ''), ''),
  /** the work e-mail, prefilled in the support form */
  email: v.fallback(v.optional(v.string(), ''), ''),
});
export type PersistedSession = v.InferOutput<typeof PersistedSession>;

export const persistedStores = {
  session: { key: 'cepass.session', version: 1, schema: PersistedSession },
} as const;

/** the stored state, or the schema's defaults when it is missing or does not fit */
export const parsePersisted = <S extends v.GenericSchema>(schema: S, stored: unknown): v.InferOutput<S> => {
  const parsed = v.safeParse(schema, stored ?? {});
  return parsed.success ? parsed.output : v.parse(schema, {});
};
