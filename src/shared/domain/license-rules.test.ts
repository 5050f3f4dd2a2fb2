import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES, ruleProblems, type RuleLike } from './license-rules.ts';

const total: RuleLike = { id: 1, kind: 'total', hours: 24 };

describe('impossible license rules, in plain words by field', () => {
  it('a cap, a topic or a live minimum above the total', () => {
    expect(ruleProblems({ kind: 'category-cap', hours: 30, topic: 'cpr-bls' }, [total])).toEqual({ hours: 'The CPR/BLS cap (30 h) cannot be above the total of 24 h.' });
    expect(ruleProblems({ kind: 'topic', hours: 25, topic: 'infection-control' }, [total])).toEqual({ hours: 'The Infection control requirement (25 h) cannot be above the total of 24 h.' });
    expect(ruleProblems({ kind: 'live-minimum', hours: 25 }, [total])).toEqual({ hours: 'The live minimum (25 h) cannot be above the total of 24 h.' });
    expect(ruleProblems({ kind: 'self-study-maximum', hours: 25 }, [total])).toEqual({ hours: 'The self-study limit (25 h) cannot be above the total of 24 h.' });
  });
  it('a total lowered below a rule already there, and a total of nothing', () => {
    expect(ruleProblems({ id: 1, kind: 'total', hours: 3 }, [total, { id: 2, kind: 'category-cap', hours: 4, topic: 'cpr-bls' }])).toEqual({ hours: 'The CPR/BLS cap (4 h) cannot be above the total of 3 h.' });
    expect(ruleProblems({ id: 1, kind: 'total', hours: 0 }, [total])).toEqual({ hours: RULE_MESSAGES.totalZero });
  });
  it('a second total, a missing topic or name, hours and a percentage at once, every-N-years off a topic', () => {
    expect(ruleProblems({ kind: 'total', hours: 20 }, [total])).toEqual({ kind: 'This license already has a total hours rule: change that one instead.' });
    expect(ruleProblems({ kind: 'topic', hours: 2 }, [total])).toEqual({ topic: 'Choose the topic.' });
    expect(ruleProblems({ kind: 'topic', hours: 2, topic: 'other', otherTopic: '  ' }, [total])).toEqual({ otherTopic: 'Name the topic.' });
    expect(ruleProblems({ kind: 'self-study-maximum', hours: 8, percent: 50 }, [total])).toEqual({ percent: RULE_MESSAGES.hoursOrPercent });
    expect(ruleProblems({ kind: 'self-study-maximum', hours: null }, [total])).toEqual({ hours: 'Enter the hours.' });
    expect(ruleProblems({ kind: 'live-minimum', hours: 2, everyYears: 4 }, [total])).toEqual({ everyYears: RULE_MESSAGES.everyYearsTopicOnly });
  });
  it('a possible rule, and a rule saved over itself, have no problem', () => {
    expect(ruleProblems({ kind: 'self-study-maximum', hours: null, percent: 50 }, [total])).toEqual({});
    expect(ruleProblems({ kind: 'topic', hours: 2, topic: 'infection-control', everyYears: 4 }, [total])).toEqual({});
    expect(ruleProblems({ id: 1, kind: 'total', hours: 30 }, [total])).toEqual({});
  });
});
