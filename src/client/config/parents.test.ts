// The phone shell's table of parents and tabs (config/parents.ts): each screen's way up, and the tab it marks.
import { describe, expect, it } from 'vitest';
import { parentOf, tabOf } from './parents.ts';

describe('parentOf', () => {
  it.each([
    ['/ondemand', '/learn'],
    ['/ondemand/3', '/learn'],
    ['/webinars', '/learn'],
    ['/classroom/abc', '/ondemand'],
    ['/classroom-reserve/abc', '/webinars'],
    ['/classroom-live/abc', '/webinars'],
    ['/classroom-affidavit/abc', '/classroom-live/abc'],
    ['/exam/a%20b', '/classroom/a%20b'],
    ['/survey/abc', '/classroom/abc'],
    ['/podcast/show/ep', '/podcasts'],
    ['/exam-podcast/ep', '/podcasts'],
    ['/queue/2', '/my-ce'],
    ['/completed', '/my-ce'],
    ['/gdpr', '/account'],
    ['/my-license', '/my-ce'],
    ['/my-license/add', '/my-license'],
    ['/my-license/7', '/my-license'],
    ['/my-license/7/rule/new', '/my-license/7'],
    ['/my-license/7/edit', '/my-license/7'],
    ['/ce-elsewhere', '/my-ce'],
    ['/ce-elsewhere/add', '/ce-elsewhere'],
    ['/register', '/login'],
    ['/about', '/home'],
    ['/no/such/page', '/home'],
    ['/constructor', '/home'],
  ])('%s goes up to %s', (path, parent) => expect(parentOf(path)).toBe(parent));

  it.each(['/', '/home', '/learn', '/podcasts', '/podcasts/2', '/my-ce', '/account', '/login', '/login/token'])('%s is a tab root', (path) => expect(parentOf(path)).toBeNull());
});

describe('tabOf', () => {
  it.each([
    ['/classroom-affidavit/abc', 'learn'],
    ['/exam/abc', 'learn'],
    ['/podcast/show/ep', 'podcasts'],
    ['/seats', 'my-ce'],
    ['/my-license/7/rule/3', 'my-ce'],
    ['/gdpr', 'account'],
    ['/reset/token', 'login'],
    ['/support', 'home'],
    ['/home', 'home'],
  ])('%s is under the %s tab', (path, tab) => expect(tabOf(path)).toBe(tab));
});
