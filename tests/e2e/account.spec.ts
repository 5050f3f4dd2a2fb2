// A new hygienist's whole account life through the running app: register (each bad value answered in
// the spec's words, and the server refusing the same values when the form is bypassed), log out and
// back in, edit the profile, change the password, e-mail the Proof of CE report (it arrives at the
// SMTP server with the PDF), recover the account through the e-mailed link, and withdraw consent.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenReady, test, waitForMail } from './fixtures.ts';

const run = Date.now().toString(36);
const username = `hyg${run}`;
const email = `hyg.${run}@example.com`;

/** the control a label names; a required field's label ends in an aria-hidden ' *' */
const byLabel = (page: Page, name: string) => page.getByLabel(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

const fillStudent = async (page: Page) => {
  await byLabel(page, 'Title').selectOption('Ms.');
  await byLabel(page, 'First name').fill(' Casey ');
  await byLabel(page, 'Last name').fill('Morgan');
  await byLabel(page, 'Position').selectOption('Dental Hygienist');
  await byLabel(page, 'Practice name').fill('Lakeside Dental');
  await byLabel(page, 'Address').fill('400 Lake St');
  await byLabel(page, 'City').fill('Madison');
  await byLabel(page, 'State').selectOption('WI');
  await byLabel(page, 'Zip/Postal Code').fill('53703');
  await byLabel(page, 'Country').selectOption('US');
  await byLabel(page, 'Phone').fill('6085550123');
  await byLabel(page, 'Work email').fill(email);
  await byLabel(page, 'Graduation year').selectOption('2012');
  await page.getByRole('radio', { name: 'Female' }).check();
  await byLabel(page, 'Age range').selectOption('35-44');
  await byLabel(page, 'Office size').selectOption('2-5 providers');
};

const fieldError = (page: Page, label: string) => page.locator('.field', { has: byLabel(page, label) }).locator('.field-error');

async function logInAs(page: Page, u: string, p: string, rurl = '/home') {
  await page.goto(`/login?rurl=${encodeURIComponent(rurl)}`);
  await screenReady(page);
  await byLabel(page, 'Username').fill(u);
  await byLabel(page, 'Password').fill(p);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === rurl);
}

async function logOut(page: Page) {
  await page.goto('/logout');
  await screenReady(page);
  await page.getByRole('button', { name: /log out/i }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('a new hygienist registers, manages the account, recovers it and withdraws consent', async ({ page }) => {
  test.setTimeout(120_000);

  // --- register: the rules answer in the spec's words, as the user types and on submit
  await page.goto('/register?rurl=%2Faccount');
  await screenReady(page);
  await expect(page.getByText('By clicking the Create Account button below you agree to the CE Pass Terms & Conditions.')).toBeVisible();
  await expectAccessible(page, '/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Correct errors and resubmit.' })).toBeVisible();
  await expect(fieldError(page, 'Title')).toHaveText('Select title.');
  await expect(fieldError(page, 'Username')).toHaveText('Username is required.');
  await expect(fieldError(page, 'Position')).toHaveText('Select position.');
  await expect(byLabel(page, 'Title')).toBeFocused();
  await expectAccessible(page, '/register with errors');

  await fillStudent(page);
  await byLabel(page, 'First name').fill('C');
  await byLabel(page, 'First name').blur();
  await expect(fieldError(page, 'First name')).toHaveText('First name is a required field and must be at least 3 characters.');
  await byLabel(page, 'First name').fill('Casey');
  await byLabel(page, 'Work email').fill('jordan.rivera@example.com');
  await expect(fieldError(page, 'Work email')).toHaveText('Email already in use. Choose another.');
  // someone who has an account already is shown the way to it, not only told to choose another address
  const yours = page.getByRole('main').getByText('If this is your account, log in, or recover your username and password.');
  await expect(yours).toBeVisible();
  await expect(yours.getByRole('link', { name: 'recover your username and password' })).toHaveAttribute('href', '/recover');
  await byLabel(page, 'Work email').fill(` ${email} `);
  await expect(yours).toHaveCount(0);
  await byLabel(page, 'AGD member number').fill('1234');
  await byLabel(page, 'AGD member number').blur();
  await expect(fieldError(page, 'AGD member number')).toHaveText('Leave blank or enter valid value.');
  await byLabel(page, 'AGD member number').fill('4821937');
  await expect(fieldError(page, 'AGD member number')).toHaveText('AGD Number already in use.  Choose another.');
  await byLabel(page, 'AGD member number').fill('');
  await byLabel(page, 'Username').fill('demostudent');
  await expect(fieldError(page, 'Username')).toHaveText('This username is not available. Choose another.');
  await byLabel(page, 'Username').fill(username);
  await byLabel(page, 'Password').fill('abc');
  await byLabel(page, 'Password').blur();
  await expect(fieldError(page, 'Password')).toHaveText('Password must be 6 characters or longer.');
  await byLabel(page, 'Password').fill('Casey.2026');
  await byLabel(page, 'Repeat password').fill('Casey.2025');
  await byLabel(page, 'Repeat password').blur();
  await expect(fieldError(page, 'Repeat password')).toHaveText('Passwords must match.');
  await byLabel(page, 'Repeat password').fill('Casey.2026');
  await byLabel(page, 'How did you hear about us?').selectOption('Colleague');

  // the Terms, then Back, then a reload: what was typed is still there, but the passwords, which the device never keeps
  await page.getByRole('link', { name: 'Read the Terms & Conditions' }).click();
  await expect(page.getByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(byLabel(page, 'First name')).toHaveValue('Casey');
  await expect(byLabel(page, 'Password')).toHaveValue('');
  await page.reload();
  await screenReady(page);
  await expect(byLabel(page, 'First name')).toHaveValue('Casey');
  await expect(byLabel(page, 'Username')).toHaveValue(username);
  await expect(byLabel(page, 'How did you hear about us?')).toHaveValue('Colleague');
  await expect(byLabel(page, 'Password')).toHaveValue('');
  await expect(byLabel(page, 'Repeat password')).toHaveValue('');
  await byLabel(page, 'Password').fill('Casey.2026');
  await byLabel(page, 'Repeat password').fill('Casey.2026');

  // the server refuses the same values when the form is bypassed
  const bypass = await page.request.post('/api/register', { data: { username: 'abc', email: 'not-an-email', password: 'abc' } });
  expect(bypass.status()).toBe(400);
  const refused = await bypass.json();
  expect(refused.errorMsg).toBe('Correct errors and resubmit.');
  expect(refused.errors).toMatchObject({ username: 'Username has minimum length.', email: 'Enter valid email address.', password: 'Password must be 6 characters or longer.', title: 'Select title.' });

  await page.getByRole('button', { name: 'Create Account' }).click();
  // where the eye is: the form was scrolled down to its button
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Account created.' })).toBeInViewport();
  // not a blank screen for the 2 s before the return path: a way to go there now
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/account');
  // and the device keeps nothing of the form once it is sent
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('cepass.form')))).toEqual([]);
  await expect(page).toHaveURL(/\/account$/, { timeout: 5000 });
  await screenReady(page);
  const welcome = await waitForMail((m) => m.to === email && m.subject === 'Welcome to CE Pass');
  expect(welcome.text).toContain(`Your username is: ${username}`);

  // --- out, back in through the welcome mail's login link (once only), and with the form
  await logOut(page);
  const loginLink = /(http:\/\/\S+\/login\/\S+)/.exec(welcome.text)![1]!;
  await page.goto(loginLink);
  await expect(page).toHaveURL(/\/home$/);
  expect((await (await page.request.get('/api/student')).json()).student.username).toBe(username);
  await logOut(page);
  await page.goto(loginLink);
  await expect(page.getByText('This login link is no longer valid. Log in with your username and password.')).toBeVisible();
  await logInAs(page, username, 'Casey.2026', '/account');

  // --- profile
  await screenReady(page);
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(byLabel(page, 'First name')).toHaveValue('Casey');
  await expect(byLabel(page, 'Work email')).toHaveValue(email);
  await expectAccessible(page, '/account profile');
  await byLabel(page, 'City').fill('Milwaukee');
  await byLabel(page, 'Home email (optional)').fill('casey.home@example.com');
  await page.getByRole('button', { name: /save|update/i }).click();
  await expect(page.getByText('Profile updated.')).toBeVisible();
  // a reload keeps the student on the tab they were on
  await expect(page).toHaveURL(/\/account\?tab=profile$/);
  await page.reload();
  await screenReady(page);
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(byLabel(page, 'City')).toHaveValue('Milwaukee');

  // --- password
  await page.getByRole('tab', { name: 'Password' }).click();
  await expectAccessible(page, '/account password');
  await byLabel(page, 'Current password').fill('Casey.2026');
  await byLabel(page, 'New password').fill('Casey.2027');
  await byLabel(page, 'Repeat new password').fill('Casey.2027');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Account password updated.')).toBeVisible();
  await waitForMail((m) => m.to === email && m.subject === 'Your CE Pass password was changed');

  // --- Proof of CE report: nothing completed yet, so nothing is sent, and the page says why (decision 0046; the
  // demo student's report is the certificates journey's)
  await page.getByRole('tab', { name: 'Home' }).click();
  await expectAccessible(page, '/account home');
  await page.getByRole('button', { name: 'Send Proof of CE report' }).click();
  await expect(page.getByText('No CE completed.')).toBeVisible();
  await expect(page.getByText('Check email inbox for Proof of CE report.')).toHaveCount(0);
  await expectAccessible(page, '/account home, no CE to report');

  // --- recover through the e-mailed link
  await logOut(page);
  await page.goto('/recover');
  await screenReady(page);
  await expectAccessible(page, '/recover');
  await page.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Provide either username or account email address.')).toBeVisible();
  await byLabel(page, 'Account email address').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Check inbox for your login credentials.')).toBeVisible();
  const recover = await waitForMail((m) => m.to === email && m.subject === 'Your CE Pass login');
  expect(recover.text).toContain(`Your CE Pass username is: ${username}`);
  const link = /(http:\/\/\S+\/reset\/\S+)/.exec(recover.text)![1]!;
  await page.goto(link);
  await screenReady(page);
  await expectAccessible(page, '/reset');
  await byLabel(page, 'New password').fill('Casey.2028');
  await byLabel(page, 'Repeat new password').fill('Casey.2028');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Account password updated.')).toBeVisible();
  await logInAs(page, username, 'Casey.2028', '/gdpr');

  // --- GDPR
  await screenReady(page);
  await expectAccessible(page, '/gdpr');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Check the checkbox before clicking the Submit Request button.')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Your request has been received.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  const profile = await (await page.request.get('/api/profile')).json();
  expect(Date.parse(profile.student.consentRemovedAt)).toBeGreaterThan(Date.now() - 5 * 60_000);
});

test('the demo student’s Account page adds up her completed CE', async ({ page }) => {
  await logInAs(page, 'demostudent', 'ce-pass-demo', '/account');
  await screenReady(page);
  const { summary } = await (await page.request.get('/api/account-home')).json();
  expect(summary.ceTotal).toBeGreaterThan(0);
  const facts = page.locator('dl.facts');
  await expect(facts.locator('div', { hasText: 'Self-study' }).locator('dd')).toHaveText(`${summary.ceHome} CEU`);
  await expect(facts.locator('div', { hasText: 'Live, Interactive' }).locator('dd')).toHaveText(`${summary.ceLive} CEU`);
  await expect(facts.locator('div', { hasText: 'Total' }).locator('dd')).toHaveText(`${summary.ceTotal} CEU`);
});

test('a field’s message appearing on its blur does not swallow the press on the button below it @desktop', async ({ page, isMobile }) => {
  // Typing a bad value and going straight to Create Account: the blur comes first, and its message pushes the
  // button down while the press is on it. Pressed near its top edge, as a thumb often does.
  await page.goto('/register');
  await screenReady(page);
  await byLabel(page, 'Username').fill('abc');
  const button = page.getByRole('button', { name: 'Create Account' });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + 3 };
  if (isMobile) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y, { delay: 80 });
  // the form was submitted: every message is shown and the first field wrong has the focus
  await expect(page.getByRole('alert').filter({ hasText: 'Correct errors and resubmit.' })).toBeVisible();
  await expect(fieldError(page, 'Username')).toHaveText('Username has minimum length.');
  await expect(byLabel(page, 'Title')).toBeFocused();
});
