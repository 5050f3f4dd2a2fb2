// Progress of one license in one cycle (issue 19; docs/decisions/0026-license-tracker.md): a pure function of the
// license's rules, the student's courses (CE Pass certificates and reported ones) and today's date. The server
// answers it; the license screen runs it too, to preview a rule's change before the answer comes.
//
// What counts, in order: each category cap limits the hours of its topic (courses taken oldest first, so a
// later course never changes what an earlier one counted); then the self-study limit limits self-study hours;
// live hours always count. Topic rules measure the hours earned on the topic (a cap limits what counts toward
// the total, not that a topic was done), over the cycle or, for a topic required every N years, the last N years.
import { TOPIC_LABELS, type CourseFormat, type NamedTopic, type RuleKind, type RuleStatus, type Topic } from './license.ts';
import type { RuleLike } from './license-rules.ts';

// ---- calendar dates, YYYY-MM-DD, in UTC --------------------------------------------------------------------

const DAY_MS = 86_400_000;
const parse = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const format = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string => format(parse(day) + n * DAY_MS);
/** the same day `n` years on (or back); 29 February becomes 28 February in a year without it */
export function addYears(day: string, n: number): string {
  const y = Number(day.slice(0, 4)) + n;
  const m = Number(day.slice(5, 7)) - 1;
  const d = Math.min(Number(day.slice(8, 10)), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return format(Date.UTC(y, m, d));
}
export const daysBetween = (from: string, to: string): number => Math.round((parse(to) - parse(from)) / DAY_MS);
/** the UTC calendar date of an instant */
export const dayOf = (ms: number): string => format(ms);

// ---- cycles ------------------------------------------------------------------------------------------------

export interface CycleDays {
  /** the first day of the cycle */
  start: string;
  /** the renewal date: the last day of the cycle */
  end: string;
  current: boolean;
}

/**
 * The license's cycles from the renewal date the student gave (`firstEnd`) through the current one, newest
 * first: once a renewal date has passed, the next cycle ends `years` later (counted from `firstEnd`, so a 29 February
 * comes back in leap years) and starts the day after the previous end. The current cycle is the first whose end is
 * today or later; the first cycle starts `years` before its end.
 */
export function cyclesOf(firstEnd: string, years: number, today: string): CycleDays[] {
  const ends = [firstEnd];
  // bounded: the server keeps renewal dates within ten years of today (license.service.ts)
  while (ends.at(-1)! < today && ends.length < 200) ends.push(addYears(firstEnd, ends.length * years));
  return ends
    .map((end, k) => ({ start: k === 0 ? addDays(addYears(end, -years), 1) : addDays(ends[k - 1]!, 1), end, current: k === ends.length - 1 }))
    .reverse();
}

// ---- progress ----------------------------------------------------------------------------------------------

/** a rule of the license, saved (it has its id) */
export type ProgressRule = RuleLike & { id: number };

export interface ProgressEntry {
  date: string;
  hours: number;
  format: CourseFormat;
  topics: readonly NamedTopic[];
  otherTopics: readonly string[];
}

export interface CourseLinkLike {
  kind: 'class' | 'podcast';
  hash: string;
  /** an episode's series hash; null for a class */
  show: string | null;
  title: string;
  credits: number;
  topics: readonly NamedTopic[];
}

export interface ProgressInput {
  rules: readonly ProgressRule[];
  /** the student's courses; those outside the cycle (or a topic's look-back) are ignored */
  entries: readonly ProgressEntry[];
  cycle: { start: string; end: string };
  today: string;
  /** CE Pass courses and episodes with topics, for the what's-left list */
  catalogue?: readonly CourseLinkLike[];
}

export interface ProgressResult {
  required: number | null;
  earned: number;
  counted: number;
  live: { earned: number; counted: number };
  selfStudy: { earned: number; counted: number; cap: number | null };
  rules: { ruleId: number; kind: RuleKind; label: string; required: number; counted: number; met: boolean; status: RuleStatus }[];
  met: boolean;
  daysToRenewal: number;
  whatsLeft: { ruleId: number; text: string; courses: Omit<CourseLinkLike, 'topics'>[] }[];
}

/** hours to the hundredth: quarter hours and percentages never need more */
const round = (n: number) => Math.round(n * 100) / 100;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const norm = (s: string) => s.trim().toLowerCase();

/** the entry is on the rule's topic: a named topic, or the free-text topic by its words */
const onTopic = (e: ProgressEntry, topic: Topic, otherTopic: string | null | undefined) =>
  topic === 'other' ? !!otherTopic?.trim() && e.otherTopics.some((t) => norm(t) === norm(otherTopic)) : e.topics.includes(topic);

const topicName = (r: ProgressRule) => (r.topic === 'other' ? r.otherTopic?.trim() || TOPIC_LABELS.other : r.topic ? TOPIC_LABELS[r.topic] : '');
const h = (n: number) => `${round(n)} h`;
const MAX_LINKS = 3;

/** met; partly met when some hours count toward it but fewer than it asks; missing when nothing does */
const statusOf = (met: boolean, counted: number): RuleStatus => (met ? 'met' : counted > 0 ? 'partly-met' : 'missing');

/**
 * What is left of a rule, as the license page, its list and the reminder e-mail say it: the hours and what they are
 * for, short enough for a line or two on a phone ('13.5 h more CE in this cycle', '1 h more on Infection control',
 * 'A course on CPR/BLS, any length')
 */
const LEFT_TEXT = {
  total: (hours: number, liveOnly: boolean) => `${h(hours)} more CE in this cycle${liveOnly ? ', all live: self-study is at its limit' : ''}`,
  live: (hours: number) => `${h(hours)} more of live CE`,
  topicHours: (hours: number, topic: string, started: boolean) => `${h(hours)} ${started ? 'more ' : ''}on ${topic}`,
  topicCourse: (topic: string) => `A course on ${topic}, any length`,
};

export function ruleLabel(r: ProgressRule): string {
  switch (r.kind) {
    case 'total':
      return `${h(r.hours ?? 0)} in the cycle`;
    case 'live-minimum':
      return `At least ${h(r.hours ?? 0)} live`;
    case 'self-study-maximum':
      return r.percent != null ? `At most ${r.percent}% self-study` : `At most ${h(r.hours ?? 0)} self-study`;
    case 'topic':
      return `${topicName(r)}${r.hours ? `: ${h(r.hours)}` : ''}${r.everyYears ? ` (every ${r.everyYears} years)` : ''}`;
    case 'category-cap':
      return `${topicName(r)} counts up to ${h(r.hours ?? 0)}`;
  }
}

export function licenseProgress(input: ProgressInput): ProgressResult {
  const { rules, cycle, today } = input;
  const inCycle = input.entries.filter((e) => e.date >= cycle.start && e.date <= cycle.end).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const total = rules.find((r) => r.kind === 'total' && r.hours !== null) ?? null;
  const required = total ? total.hours! : null;

  // 1. category caps, oldest course first: each course counts what every cap on its topics still allows
  const caps = rules.filter((r) => r.kind === 'category-cap' && r.topic && r.hours !== null);
  const left = new Map(caps.map((r) => [r.id, r.hours!]));
  const capped = inCycle.map((e) => {
    const mine = caps.filter((r) => onTopic(e, r.topic!, r.otherTopic));
    const counts = Math.min(e.hours, ...mine.map((r) => left.get(r.id)!));
    for (const r of mine) left.set(r.id, left.get(r.id)! - counts);
    return { e, counts };
  });

  // 2. the self-study limit: hours, or a share of the total (of what counts, when there is no total)
  const liveEarned = sum(inCycle.filter((e) => e.format === 'live').map((e) => e.hours));
  const selfEarned = sum(inCycle.filter((e) => e.format === 'self-study').map((e) => e.hours));
  const liveCounted = sum(capped.filter((c) => c.e.format === 'live').map((c) => c.counts));
  const selfAfterCaps = sum(capped.filter((c) => c.e.format === 'self-study').map((c) => c.counts));
  const limit = rules.find((r) => r.kind === 'self-study-maximum') ?? null;
  let cap: number | null = null;
  if (limit?.hours != null) cap = limit.hours;
  else if (limit?.percent != null && limit.percent < 100) cap = required !== null ? (required * limit.percent) / 100 : (liveCounted * limit.percent) / (100 - limit.percent);
  const selfCounted = cap === null ? selfAfterCaps : Math.min(selfAfterCaps, cap);
  const counted = liveCounted + selfCounted;

  // 3. each rule against what counts
  const out: ProgressResult['rules'] = [];
  const whatsLeft: ProgressResult['whatsLeft'] = [];
  const links = (topic: Topic | null | undefined) =>
    !topic || topic === 'other' ? [] : (input.catalogue ?? []).filter((c) => c.topics.includes(topic)).slice(0, MAX_LINKS).map(({ kind, hash, show, title, credits }) => ({ kind, hash, show, title, credits }));
  const selfAtCap = cap !== null && selfAfterCaps >= cap;
  for (const r of rules) {
    const label = ruleLabel(r);
    const need = r.hours ?? 0;
    if (r.kind === 'total') {
      out.push({ ruleId: r.id, kind: r.kind, label, required: need, counted: round(counted), met: counted >= need, status: statusOf(counted >= need, counted) });
      if (counted < need) whatsLeft.push({ ruleId: r.id, text: LEFT_TEXT.total(need - counted, selfAtCap), courses: [] });
    } else if (r.kind === 'live-minimum') {
      out.push({ ruleId: r.id, kind: r.kind, label, required: need, counted: round(liveCounted), met: liveCounted >= need, status: statusOf(liveCounted >= need, liveCounted) });
      if (liveCounted < need) whatsLeft.push({ ruleId: r.id, text: LEFT_TEXT.live(need - liveCounted), courses: [] });
    } else if (r.kind === 'self-study-maximum') {
      out.push({ ruleId: r.id, kind: r.kind, label, required: round(cap ?? 0), counted: round(selfCounted), met: true, status: 'met' });
    } else if (r.kind === 'category-cap') {
      out.push({ ruleId: r.id, kind: r.kind, label, required: need, counted: round(need - (left.get(r.id) ?? need)), met: true, status: 'met' });
    } else if (r.topic) {
      const from = r.everyYears ? addDays(addYears(cycle.end, -r.everyYears), 1) : cycle.start;
      const mine = input.entries.filter((e) => e.date >= from && e.date <= cycle.end && onTopic(e, r.topic!, r.otherTopic));
      const done = sum(mine.map((e) => e.hours));
      // a topic asked without hours is done by one course on it
      const met = mine.length > 0 && done >= need;
      out.push({ ruleId: r.id, kind: r.kind, label, required: need, counted: round(done), met, status: statusOf(met, done) });
      if (!met) whatsLeft.push({ ruleId: r.id, text: need > done ? LEFT_TEXT.topicHours(need - done, topicName(r), done > 0) : LEFT_TEXT.topicCourse(topicName(r)), courses: links(r.topic) });
    }
  }

  return {
    required,
    earned: round(liveEarned + selfEarned),
    counted: round(counted),
    live: { earned: round(liveEarned), counted: round(liveCounted) },
    selfStudy: { earned: round(selfEarned), counted: round(selfCounted), cap: cap === null ? null : round(cap) },
    rules: out,
    met: out.every((r) => r.met),
    daysToRenewal: daysBetween(today, cycle.end),
    whatsLeft,
  };
}
