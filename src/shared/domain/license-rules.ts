// Which sets of license rules are impossible (issue 19), in plain words: the server refuses them (422) and the
// rule form shows the same words before it sends. The contract already refuses negative, fractional-quarter or
// huge numbers; these are the problems of one rule against the license's other rules.
import { MAX_HOURS, TOPIC_LABELS, type RuleKind, type Topic } from './license.ts';

export interface RuleLike {
  id?: number | null;
  kind: RuleKind;
  hours: number | null;
  percent?: number | null;
  topic?: Topic | null;
  otherTopic?: string | null;
  everyYears?: number | null;
}

export const RULE_MESSAGES = {
  hoursRequired: 'Enter the hours.',
  totalZero: 'The total must be more than 0 hours.',
  oneOf: (what: string) => `This license already has a ${what} rule: change that one instead.`,
  hoursOrPercent: 'Enter the self-study limit in hours or as a percentage, not both.',
  topicRequired: 'Choose the topic.',
  otherTopicRequired: 'Name the topic.',
  everyYearsTopicOnly: 'Only a topic can be required every few years.',
  aboveTotal: (what: string, hours: number, total: number) => `The ${what} (${hours} h) cannot be above the total of ${total} h.`,
} as const;

const NAMES: Partial<Record<RuleKind, string>> = { total: 'total hours', 'live-minimum': 'live minimum', 'self-study-maximum': 'self-study limit' };
const topicName = (r: RuleLike) => (r.topic === 'other' ? r.otherTopic?.trim() || TOPIC_LABELS.other : r.topic ? TOPIC_LABELS[r.topic] : '');
const sameTopic = (a: RuleLike, b: RuleLike) => a.topic === b.topic && (a.topic !== 'other' || (a.otherTopic ?? '').trim().toLowerCase() === (b.otherTopic ?? '').trim().toLowerCase());

/**
 * The problems of `rule` (new, or replacing the rule of the same id) among `others`, by field of the rule form
 * (hours, percent, topic, otherTopic, everyYears, kind); empty when the rule may be saved.
 */
export function ruleProblems(rule: RuleLike, others: readonly RuleLike[]): Record<string, string> {
  const out: Record<string, string> = {};
  const rest = others.filter((r) => rule.id == null || r.id !== rule.id);
  const percent = rule.percent ?? null;
  if (rule.kind === 'self-study-maximum') {
    if (rule.hours !== null && percent !== null) out.percent = RULE_MESSAGES.hoursOrPercent;
    else if (rule.hours === null && percent === null) out.hours = RULE_MESSAGES.hoursRequired;
  } else if (rule.hours === null) out.hours = RULE_MESSAGES.hoursRequired;
  if (rule.kind === 'total' && rule.hours === 0) out.hours = RULE_MESSAGES.totalZero;
  const single = NAMES[rule.kind];
  if (single && rest.some((r) => r.kind === rule.kind)) out.kind = RULE_MESSAGES.oneOf(single);
  const topical = rule.kind === 'topic' || rule.kind === 'category-cap';
  if (topical && !rule.topic) out.topic = RULE_MESSAGES.topicRequired;
  if (topical && rule.topic === 'other' && !rule.otherTopic?.trim()) out.otherTopic = RULE_MESSAGES.otherTopicRequired;
  if (rule.kind === 'category-cap' && rule.topic && rest.some((r) => r.kind === 'category-cap' && sameTopic(r, rule))) out.topic = RULE_MESSAGES.oneOf(`${topicName(rule)} cap`);
  if (rule.everyYears != null && rule.kind !== 'topic') out.everyYears = RULE_MESSAGES.everyYearsTopicOnly;
  if (out.hours || rule.hours === null) return out;

  // against the total, in either direction: a new total below an existing cap is as impossible as the reverse
  const total = rule.kind === 'total' ? rule.hours : (rest.find((r) => r.kind === 'total')?.hours ?? MAX_HOURS);
  const bounded = rule.kind === 'total' ? rest.filter((r) => r.kind !== 'total' && r.hours !== null) : [rule];
  for (const r of bounded) {
    if (r.hours! > total) {
      const what = r.kind === 'topic' ? `${topicName(r)} requirement` : r.kind === 'category-cap' ? `${topicName(r)} cap` : NAMES[r.kind]!;
      out.hours = RULE_MESSAGES.aboveTotal(what, r.hours!, total);
      return out;
    }
  }
  return out;
}
