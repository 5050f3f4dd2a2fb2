// State of the account forms (register, profile, password), one way for all three: a rule's message shows
// after the field's blur or a submit attempt, an availability check answers while the user types, and the
// server's per-field messages show under their fields until the field changes.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueries, type UseQueryOptions } from '@tanstack/react-query';
import { trimFields } from '#shared/domain/registration';
import type { FieldErrors } from '#shared/domain/validation';
import { ApiError } from './api.ts';

/** an availability question (validate-username, -email, -agd-number) and the message when the value is taken */
export interface Check {
  // `any` key: each check's query has its own key shape, and the hook only reads `status`
  query: (value: string) => UseQueryOptions<{ status: boolean }, Error, { status: boolean }, any>;
  taken: string;
}

/** the user has stopped typing: only then is a value worth asking the server about */
export const CHECK_DELAY_MS = 400;

type Text<T> = { [K in keyof T]: string };

/** what a field's control takes from the form */
export interface ControlProps {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

interface Submittable<T> {
  mutate: (values: T, options: { onError: (error: Error) => void }) => void;
  reset: () => void;
}

const anyError = (errors: object) => Object.values(errors).some(Boolean);

// A field's message shows after its blur, but not in the middle of a press: tapping Save right after typing a bad
// value blurs the field first, and a message appearing then pushes Save down, so the press (hit-tested again where
// it ends) lands beside it and the form is never submitted. The blur's message waits for the press to end and its
// click to be handled: with a mouse the blur comes at pointerdown; on a touch screen it comes after pointerup, in
// the same task as the click, so the next task is after it either way.
let pressing = false;
let afterPress: (() => void)[] = [];
if (typeof document !== 'undefined') {
  const release = () => {
    pressing = false;
    const queued = afterPress;
    afterPress = [];
    setTimeout(() => queued.forEach((run) => run()), 0);
  };
  document.addEventListener('pointerdown', () => void (pressing = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}
const whenPressEnds = (run: () => void): void => void (pressing ? afterPress.push(run) : setTimeout(run, 0));

/**
 * Where a form's text is kept while it is being filled in: a reload, or the phone closing the app in the background,
 * loses nothing typed or chosen. `key` names the form (and the student and the course, for theirs); a visitor's form
 * is kept for this tab only (`tab`: a shared front-desk computer's next visitor starts blank); `leaveOut` names what
 * is never written down (passwords). Only the form's own fields, as text, are read back; the caller forgets it once
 * sent, and logout clears what the device kept.
 */
export interface KeptAs<T> {
  key: string;
  tab?: true;
  leaveOut?: readonly (keyof T)[];
}

const storageOf = <T,>(kept: KeptAs<T>): Storage => (kept.tab ? sessionStorage : localStorage);
const keptFields = <T extends object>(kept: KeptAs<T>, values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !kept.leaveOut?.includes(k as keyof T))) as Partial<T>;

const readKept = <T extends object>(kept: KeptAs<T> | undefined, initial: T): T => {
  if (!kept) return initial;
  try {
    const stored: unknown = JSON.parse(storageOf(kept).getItem(kept.key) ?? 'null');
    if (!stored || typeof stored !== 'object') return initial;
    const fields = Object.keys(keptFields(kept, initial)).filter((k) => typeof (stored as Record<string, unknown>)[k] === 'string');
    return { ...initial, ...Object.fromEntries(fields.map((k) => [k, (stored as Record<string, string>)[k]])) };
  } catch {
    return initial;
  }
};
const keep = <T extends object>(kept: KeptAs<T>, values: T, initial: T): void => {
  try {
    const text = JSON.stringify(keptFields(kept, values));
    if (text === JSON.stringify(keptFields(kept, initial))) storageOf(kept).removeItem(kept.key);
    else storageOf(kept).setItem(kept.key, text);
  } catch {
    // storage full or disabled: the form still works, only a reload would lose it
  }
};

export function useForm<T extends Text<T>>(initial: T, rules: (values: T) => FieldErrors<T>, checks: Partial<Record<keyof T, Check>> = {}, keptAs?: KeptAs<T>) {
  const [values, setValues] = useState(() => readKept(keptAs, initial));
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [refused, setRefused] = useState(false);
  const [server, setServer] = useState<FieldErrors<T>>({});
  const [settled, setSettled] = useState(values);
  const [focusRequest, setFocusRequest] = useState(0);
  const ref = useRef<HTMLFormElement>(null);
  const first = useRef(initial).current;

  useEffect(() => {
    const timer = setTimeout(() => setSettled(values), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values]);

  // by its key: the caller's object is made anew at each render, the place it names is not
  const keptKey = keptAs?.key;
  useEffect(() => {
    if (keptAs) keep(keptAs, values, first);
  }, [keptKey, values, first]);

  // focus moves to the first invalid field once the errors are on screen (after the commit, not a frame)
  useEffect(() => {
    if (focusRequest) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const focusFirstError = () => setFocusRequest((n) => n + 1);

  const ruleErrors = rules(values);
  const checked = Object.keys(checks) as Array<keyof T>;
  // the stored value needs no check: the server counts the student's own e-mail and AGD number as free
  const asks = checked.map((k) => {
    const value = values[k].trim();
    return value !== '' && value === settled[k].trim() && value !== first[k].trim() && !ruleErrors[k];
  });
  const answers = useQueries({ queries: checked.map((k, i) => ({ ...checks[k]!.query(settled[k].trim()), enabled: asks[i], retry: false })) });
  // a check that failed (network, server) blocks nothing: the server checks again on submit
  const taken: FieldErrors<T> = {};
  checked.forEach((k, i) => {
    if (asks[i] && answers[i].data?.status === false) taken[k] = checks[k]!.taken;
  });

  const blocked = anyError(ruleErrors) || anyError(taken);

  /** the server refused the form: its per-field messages go under the fields, which then carry the refusal */
  const fail = (mutation: Submittable<T>) => (error: Error) => {
    const errors = error instanceof ApiError ? (error.errors ?? {}) : {};
    const mine = Object.keys(values).filter((k) => errors[k]);
    if (mine.length === 0) return;
    setServer(Object.fromEntries(mine.map((k) => [k, errors[k]])) as FieldErrors<T>);
    // once the user fixes those fields nothing is left to say, so the failed call is not shown as well
    mutation.reset();
    focusFirstError();
  };

  return {
    ref,
    /** the message under field k, if any */
    error: (k: keyof T): string | undefined => (touched[k] ? ruleErrors[k] : undefined) ?? taken[k] ?? server[k],
    /** a submit was refused, or the server's refusal still stands: the form says CORRECT_ERRORS */
    invalid: (refused && blocked) || anyError(server),
    /** name, value and handlers for the control of field k */
    field: (k: keyof T & string): ControlProps => ({
      name: k,
      value: values[k],
      onChange: (event: { target: { value: string } }) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [k]: value }));
        setServer((s) => ({ ...s, [k]: undefined }));
      },
      onBlur: () => whenPressEnds(() => setTouched((t) => ({ ...t, [k]: true }))),
    }),
    /** the submit handler: refuses with every error shown and the first invalid field focused, or sends the trimmed values */
    submit: (mutation: Submittable<T>) => (event: FormEvent) => {
      event.preventDefault();
      if (blocked) {
        mutation.reset();
        setRefused(true);
        setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Record<keyof T, boolean>);
        focusFirstError();
        return;
      }
      setRefused(false);
      setServer({});
      mutation.mutate(trimFields(values), { onError: fail(mutation) });
    },
    /** the form was sent: what the device kept of it goes (`keptAs`) */
    forget: () => {
      if (keptAs) storageOf(keptAs).removeItem(keptAs.key);
    },
    /** start over (a saved password form empties its fields) */
    reset: () => {
      setValues(first);
      setTouched({});
      setRefused(false);
      setServer({});
    },
  };
}

export type Form<T extends Text<T>> = ReturnType<typeof useForm<T>>;
