import { describe, expect, it } from 'vitest';
import { classSteps, nextStep } from './course-steps.ts';

describe("a class's steps", () => {
  const all = { live: false, hasExam: true, hasSponsoredVideo: true, hasSurvey: true };
  it('views an on-demand class, then the evaluation, the sponsored video, the survey and the exam', () => {
    expect(classSteps(all)).toEqual(['view', 'evaluation', 'sva', 'survey', 'exam']);
  });
  it('enters a webinar and confirms attending it before the evaluation', () => {
    expect(classSteps({ ...all, live: true })).toEqual(['start', 'attendance', 'evaluation', 'sva', 'survey', 'exam']);
  });
  it('counts no sponsored video or survey the class does not have', () => {
    expect(classSteps({ ...all, hasSponsoredVideo: false })).toEqual(['view', 'evaluation', 'survey', 'exam']);
    expect(classSteps({ ...all, hasSurvey: false })).toEqual(['view', 'evaluation', 'sva', 'exam']);
  });
  it('has none without an exam (a tutorial gives no credit)', () => {
    expect(classSteps({ ...all, hasExam: false })).toEqual([]);
  });
});

describe('nextStep', () => {
  const none = { viewCount: 0, startedAt: null, attended: null, evalTakenAt: null, svaDoneAt: null, surveyDoneAt: null, examTakenAt: null };
  const live = classSteps({ live: true, hasExam: true, hasSponsoredVideo: false, hasSurvey: true });

  it('is the first step the student has not done, in the course’s order', () => {
    expect(nextStep(live, none)).toBe('start');
    expect(nextStep(live, { ...none, startedAt: '2026-11-28T10:00:00Z' })).toBe('attendance');
    // an answer of either kind to the affidavit is the step done (what it earns is the exam's to judge)
    expect(nextStep(live, { ...none, startedAt: '2026-11-28T10:00:00Z', attended: 0 })).toBe('evaluation');
    expect(nextStep(live, { ...none, startedAt: 'x', attended: 1, evalTakenAt: 'x' })).toBe('survey');
    expect(nextStep(live, { ...none, startedAt: 'x', attended: 1, evalTakenAt: 'x', surveyDoneAt: 'x' })).toBe('exam');
    expect(nextStep(live, { ...none, startedAt: 'x', attended: 1, evalTakenAt: 'x', surveyDoneAt: 'x', examTakenAt: 'x' })).toBeNull();
  });

  it('skips what the course does not have, and counts a view as many times as it came', () => {
    const onDemand = classSteps({ live: false, hasExam: true, hasSponsoredVideo: true, hasSurvey: false });
    expect(nextStep(onDemand, { ...none, viewCount: 3 })).toBe('evaluation');
    expect(nextStep(onDemand, { ...none, viewCount: 1, evalTakenAt: 'x' })).toBe('sva');
    expect(nextStep(onDemand, { ...none, viewCount: 1, evalTakenAt: 'x', svaDoneAt: 'x', surveyDoneAt: null })).toBe('exam');
  });
});
