// One table of query effects (architecture.md): for each write of the contract, the reads it makes stale. The
// screens' mutations and the outbox's replays (which have no screen left to refresh) both apply it, so an
// action refreshes the same answers however it reached the server.
import { queryClient, setLostWriteHandler } from './query-client.ts';

/** by the write's path (src/shared/api), the paths of the reads to refresh */
export const QUERY_EFFECTS: Readonly<Record<string, readonly string[]>> = {
  'queue-add': ['queue', 'class', 'podcast', 'podcast-show'],
  'remove-queue': ['queue', 'class', 'podcast', 'podcast-show'],
  'podcast-view': ['podcast', 'listening', 'pending'],
  'podcast-listen': ['podcast', 'listening'],
  'page-view': [],
  // the profile saved (or, its answer lost, perhaps saved): the Profile tab reads it again
  profile: ['profile'],
  // the AGD reminder hidden, consent removed: both are read back in the profile
  'hide-agd-reminder': ['profile'],
  'remove-consent': ['profile'],
  // a seat reserved, released, or a waitlist place turned into one: the class, Reserved Seats, the seat a cancel
  // link names, and the RESERVED/WAITLIST badges of the webinar list, home and search
  'reserve-seat': ['class', 'cancel-seat', 'seats', 'upcoming', 'home', 'search'],
  'cancel-seat': ['class', 'cancel-seat', 'seats', 'upcoming', 'home', 'search'],
  // a logged view changes what the guards read, and what CE in Progress and Viewed Tutorials list
  'class-view': ['class', 'pending', 'tutorial-history'],
  'save-eval': ['exam', 'class', 'podcast', 'sva', 'survey', 'pending'],
  'save-sva-response': ['class', 'exam', 'survey'],
  'save-survey-response': ['class', 'exam'],
  'save-affidavit': ['class', 'exam', 'pending'],
  // a pass records credits and a certificate: totals, CE in Progress and Completed, the exam banners, badges
  'grade-exam': ['exam', 'class', 'podcast', 'podcast-show', 'account-home', 'pending', 'completed', 'completed-webinars', 'completed-podcasts', 'home', 'search', 'ondemand', 'podcasts', 'licenses', 'license'],
  // a license, its rules, or a course taken elsewhere: the progress of every license is counted again (issue 19)
  'license-add': ['licenses', 'license'],
  'license-edit': ['licenses', 'license'],
  'license-remove': ['licenses', 'license'],
  'license-rule-save': ['licenses', 'license'],
  'license-rule-remove': ['licenses', 'license'],
  'reported-course-add': ['reported-courses', 'licenses', 'license'],
  'reported-course-remove': ['reported-courses', 'licenses', 'license'],
  'reported-course-proof-add': ['reported-courses', 'license'],
};

/** marks what the write made stale: the answers on screen reload at once, the others when next shown */
export const applyQueryEffects = (path: string): Promise<unknown> =>
  Promise.all((QUERY_EFFECTS[path] ?? []).map((read) => queryClient.invalidateQueries({ queryKey: ['api', read] })));

/** a write's answer passed on once what it made stale is marked (`call(…).then(refreshAfter(path))`) */
export const refreshAfter =
  (path: string) =>
  async <T>(answer: T): Promise<T> => {
    await applyQueryEffects(path);
    return answer;
  };

// a write of a screen that got no answer may have been applied: what it would change is read again
setLostWriteHandler((path) => void applyQueryEffects(path));
