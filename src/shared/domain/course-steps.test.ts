import { describe, expect, it } from 'vitest';
import { classSteps } from './course-steps.ts';

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
