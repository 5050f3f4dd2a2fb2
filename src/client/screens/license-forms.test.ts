// The license forms' quick answers (issue 19), in the words the student reads: a rule with impossible values (not a
// number, negative, a cap above the total, a topic missing) is refused before it is sent, with the shared checks'
// own words where the server would say the same; a course from elsewhere needs its title, provider, date, hours and
// format, and no date in the future.
import { describe, expect, it } from 'vitest';
import type { Rule } from '#shared/api/license';
import { RULE_MESSAGES } from '#shared/domain/license-rules';
import { ruleErrors, ruleOf, type RuleValues } from './license-rule.tsx';
import { courseErrors, type CourseValues } from './reported-course-add.tsx';

const blank: RuleValues = { kind: 'topic', hours: '', limit: 'hours', percent: '', topic: '', otherTopic: '', everyYears: '', note: '' };
const total: Rule = { id: 1, kind: 'total', hours: 24, percent: null, topic: null, otherTopic: null, everyYears: null, note: null, preset: null, edited: false };

describe('the rule form', () => {
  it('says what is wrong with the hours in plain words', () => {
    expect(ruleErrors({ ...blank, kind: 'total', hours: 'two' }, [], null).hours).toBe('Enter the hours as a number, like 2 or 1.5.');
    expect(ruleErrors({ ...blank, kind: 'live-minimum', hours: '-2' }, [total], null).hours).toBe('Hours cannot be negative.');
  });

  it('refuses a self-study limit above the total in the server’s words', () => {
    expect(ruleErrors({ ...blank, kind: 'self-study-maximum', hours: '30' }, [total], null).hours).toBe(RULE_MESSAGES.aboveTotal('self-study limit', 30, 24));
  });

  it('asks for the topic of a topic rule, and a name for another topic', () => {
    expect(ruleErrors({ ...blank, hours: '2' }, [total], null).topic).toBe(RULE_MESSAGES.topicRequired);
    expect(ruleErrors({ ...blank, hours: '2', topic: 'other' }, [total], null).otherTopic).toBe(RULE_MESSAGES.otherTopicRequired);
  });

  it('refuses a second total and a share outside 0-100 %', () => {
    expect(ruleErrors({ ...blank, kind: 'total', hours: '20' }, [total], null).kind).toBe(RULE_MESSAGES.oneOf('total hours'));
    expect(ruleErrors({ ...blank, kind: 'total', hours: '20' }, [total], 1)).toEqual({});
    expect(ruleErrors({ ...blank, kind: 'self-study-maximum', limit: 'percent', percent: '150' }, [total], null).percent).toBe('Enter a share from 0 to 100 %.');
  });

  it('sends only the fields the kind uses', () => {
    expect(ruleOf({ ...blank, kind: 'self-study-maximum', limit: 'percent', percent: '50', hours: '9', topic: 'cpr-bls', everyYears: '4' })).toEqual({
      kind: 'self-study-maximum',
      hours: null,
      percent: 50,
      topic: null,
      otherTopic: null,
      everyYears: null,
      note: null,
    });
    expect(ruleOf({ ...blank, hours: '2', topic: 'infection-control', everyYears: '4', note: ' hands-on ' })).toMatchObject({ kind: 'topic', hours: 2, topic: 'infection-control', everyYears: 4, note: 'hands-on' });
  });
});

describe('the course from elsewhere', () => {
  const good: CourseValues = { title: 'BLS', provider: 'Red Cross', date: '2026-01-05', hours: '4', format: 'live', topics: 'cpr-bls', otherTopic: '', agdCode: '' };

  it('takes a complete course', () => expect(courseErrors(good)).toEqual({}));

  it('asks for what is missing, and refuses a date in the future and hours below a quarter', () => {
    expect(courseErrors({ ...good, title: ' ', provider: '', format: '' })).toEqual({
      title: 'Enter the title of the course.',
      provider: 'Enter who gave the course.',
      format: 'Choose live or self-study.',
    });
    expect(courseErrors({ ...good, date: '2999-01-01' }).date).toBe('The date cannot be in the future.');
    expect(courseErrors({ ...good, hours: '0.1' }).hours).toBe('A course has at least 0.25 hours.');
  });
});
