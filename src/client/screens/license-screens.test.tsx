// The license screens as a student meets them (issue 19): a list that could not be loaded says so in plain words
// with Try again; a license shows each rule with its source and "Confirm with your board", the hours earned beside
// the hours that count, what is left with the CE Pass courses that cover it, the courses with the self-reported ones
// marked, and the audit pack for its cycle; a course from elsewhere recorded with a PDF while offline waits on the
// device with its file, and the list says so.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { LicenseView } from '#shared/api/license';
import { CONFIRM_WITH_BOARD, SELF_REPORTED } from '#shared/domain/license';
import { outbox } from '../lib/outbox/index.ts';
import { answerApi, failures, ok } from '../test/api-stub.ts';
import { renderAt } from '../test/render.tsx';
import { recordedOffline } from './reported-course-add.tsx';

const source = { label: '22 TAC §104.1', url: 'https://example.org/tac', checkedOn: '2026-11-24', secondary: false };
const view: LicenseView = {
  status: true,
  license: { id: 7, jurisdiction: 'Texas', licenseType: 'RDH', number: null, renewalDate: '2027-11-26', cycleYears: 2, presetId: 'tx-rdh' },
  rules: [
    { id: 1, kind: 'total', hours: 24, percent: null, topic: null, otherTopic: null, everyYears: null, note: null, preset: { presetId: 'tx-rdh', key: 'total', source }, edited: false },
    { id: 2, kind: 'self-study-maximum', hours: 3, percent: null, topic: null, otherTopic: null, everyYears: null, note: null, preset: null, edited: false },
    { id: 3, kind: 'topic', hours: 0, percent: null, topic: 'cpr-bls', otherTopic: null, everyYears: null, note: 'Hands-on only.', preset: { presetId: 'tx-rdh', key: 'bls', source: { ...source, label: 'TDHA rules FAQ', secondary: true } }, edited: true },
  ],
  cycle: { start: '2025-11-27', end: '2027-11-26', current: true },
  cycles: [
    { start: '2025-11-27', end: '2027-11-26', current: true },
    { start: '2023-11-27', end: '2025-11-26', current: false },
  ],
  entries: [
    { source: 'ce-pass', id: 0, title: 'Fluoride Varnish Myths', provider: 'CE Pass', date: '2026-11-24', hours: 6.5, format: 'self-study', topics: [], otherTopics: [], agdCode: null, certificateCode: 'K96b', verifyUrl: 'http://localhost/verify/K96b', hasProof: false },
    { source: 'self-reported', id: 5, title: 'BLS Provider Renewal', provider: 'American Red Cross', date: '2026-11-20', hours: 4, format: 'live', topics: ['cpr-bls'], otherTopics: [], agdCode: null, certificateCode: null, verifyUrl: null, hasProof: true },
  ],
  progress: {
    required: 24,
    earned: 10.5,
    counted: 7,
    live: { earned: 4, counted: 4 },
    selfStudy: { earned: 6.5, counted: 3, cap: 3 },
    rules: [
      { ruleId: 1, kind: 'total', label: '24 h in the cycle', required: 24, counted: 7, met: false, status: 'partly-met' },
      { ruleId: 2, kind: 'self-study-maximum', label: 'At most 3 h self-study', required: 3, counted: 3, met: true, status: 'met' },
      { ruleId: 3, kind: 'topic', label: 'CPR/BLS', required: 0, counted: 4, met: true, status: 'met' },
    ],
    met: false,
    daysToRenewal: 365,
    whatsLeft: [{ ruleId: 1, text: '17 h more CE in this cycle', courses: [{ kind: 'class', hash: 'perio-101', show: null, title: 'Perio Staging Today', credits: 2 }, { kind: 'podcast', hash: 'ep-9', show: 'show-3', title: 'Perio on the Go', credits: 1 }] }],
  },
};

describe('My license', () => {
  it('says in plain words when the licenses could not be loaded, with Try again', async () => {
    answerApi({ 'GET licenses': failures.serverError });
    await renderAt('/my-license');
    expect(await screen.findByText('Your licenses could not be loaded. Try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('does not call a license with no rule yet met', async () => {
    const progress = { ...view.progress, required: null, rules: [], met: true, whatsLeft: [] };
    answerApi({ 'GET licenses': ok({ status: true, licenses: [{ license: { ...view.license, licenseType: 'other' }, cycle: view.cycle, progress }] }) });
    await renderAt('/my-license');
    expect(await screen.findByRole('link', { name: 'Texas · Other' })).toBeTruthy();
    expect(screen.getByText('No requirements set yet')).toBeTruthy();
    expect(screen.queryByText('All requirements met')).toBeNull();
  });

  it('invites a student with no license to add one', async () => {
    answerApi({ 'GET licenses': ok({ status: true, licenses: [] }) });
    await renderAt('/my-license');
    expect(await screen.findByText(/^No license yet\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a license' }).getAttribute('href')).toBe('/my-license/add');
  });
});

describe('adding a license', () => {
  const texas = { id: 'tx-rdh', jurisdiction: 'Texas', licenseType: 'RDH' as const, cycleYears: 2, caveat: null, rules: [] };
  it('assumes no license type from scratch, and from a preset offers only its type, saying why', async () => {
    const calls = answerApi({ 'GET license-presets': ok({ status: true, presets: [texas] }) });
    await renderAt('/my-license/add');
    fireEvent.click(await screen.findByRole('radio', { name: 'From scratch: I enter the rules myself' }));
    const type = (await screen.findByLabelText(/^License type/)) as HTMLSelectElement;
    expect(type.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Add license' }));
    expect(await screen.findByText('Choose the license type.')).toBeTruthy();
    expect(calls.map((c) => c.key)).not.toContain('POST license-add');

    fireEvent.click(screen.getByRole('radio', { name: /^Texas · RDH/ }));
    const presetType = (await screen.findByLabelText(/^License type/)) as HTMLSelectElement;
    expect([...presetType.options].map((o) => o.value)).toEqual(['RDH']);
    expect(screen.getByText('This starting point is for RDH licenses. For another license type, start from scratch.')).toBeTruthy();
  });
});

describe('a license', () => {
  it('gives each thing left a next step: live hours among the webinars when self-study is at its limit, a topic CE Pass does not teach recorded from elsewhere', async () => {
    const left = { ...view.progress, whatsLeft: [{ ruleId: 1, text: '17 h more CE in this cycle, all live: self-study is at its limit', courses: [] }, { ruleId: 3, text: 'A course on CPR/BLS, any length', courses: [] }] };
    answerApi({ 'GET license': ok({ ...view, progress: left }) });
    await renderAt('/my-license/7');
    const region = await screen.findByRole('region', { name: 'What’s left' });
    expect(within(region).getByRole('link', { name: 'Find a live webinar for 17 h more CE in this cycle, all live: self-study is at its limit' }).getAttribute('href')).toBe('/webinars');
    expect(within(region).getByRole('link', { name: 'Record a course taken elsewhere for A course on CPR/BLS, any length' }).getAttribute('href')).toBe('/ce-elsewhere/add?license=7&topic=cpr-bls');
  });

  it('opens the form for a course taken elsewhere on the topic of the rule it came from', async () => {
    await renderAt('/ce-elsewhere/add?license=7&topic=cpr-bls');
    expect(((await screen.findByRole('checkbox', { name: 'CPR/BLS' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Infection control' }) as HTMLInputElement).checked).toBe(false);
  });

  it('opens it with the student\'s own words for a topic of their own', async () => {
    await renderAt('/ce-elsewhere/add?license=7&topic=other&other=Sexual%20harassment%20prevention');
    expect(((await screen.findByLabelText(/^Another topic/)) as HTMLInputElement).value).toBe('Sexual harassment prevention');
  });

  it('tells a rule with nothing toward it (Missing) from one partly met and one met', async () => {
    const infection = { id: 4, kind: 'topic' as const, hours: 2, percent: null, topic: 'infection-control' as const, otherTopic: null, everyYears: null, note: null, preset: null, edited: false };
    const ethics = { ...infection, id: 5, topic: 'ethics-jurisprudence' as const };
    const progress = {
      ...view.progress,
      rules: [
        ...view.progress.rules,
        { ruleId: 4, kind: 'topic' as const, label: 'Infection control: 2 h', required: 2, counted: 0, met: false, status: 'missing' as const },
        { ruleId: 5, kind: 'topic' as const, label: 'Ethics or jurisprudence: 2 h', required: 2, counted: 1.5, met: false, status: 'partly-met' as const },
        // a topic asked without hours (Texas BLS) with no course on it yet: read after its pill, it still says what is missing
        { ruleId: 6, kind: 'topic' as const, label: 'Opioid prescribing', required: 0, counted: 0, met: false, status: 'missing' as const },
      ],
    };
    answerApi({ 'GET license': ok({ ...view, rules: [...view.rules, infection, ethics, { ...infection, id: 6, hours: 0, topic: 'opioid-prescribing' as const }], progress }) });
    await renderAt('/my-license/7');
    const rules = await screen.findByRole('region', { name: 'Requirements' });
    const standing = (title: string) => within(rules).getByRole('heading', { name: title }).closest('li')!.querySelector('.rule-status')!.textContent;
    expect(standing('Infection control: 2 h')).toBe('Missing 0 of 2 h');
    expect(standing('Ethics or jurisprudence: 2 h')).toBe('Partly met 1.5 of 2 h');
    expect(standing('CPR/BLS')).toBe('Met 4 h on this topic');
    expect(standing('Opioid prescribing')).toBe('Missing — no course on this topic yet');
  });

  it('with no rule yet says there is nothing to measure, not that every requirement is met', async () => {
    const bare = { ...view, license: { ...view.license, licenseType: 'other' as const }, rules: [], progress: { ...view.progress, required: null, rules: [], met: true, whatsLeft: [] } };
    answerApi({ 'GET license': ok(bare), 'GET licenses': ok({ status: true, licenses: [{ license: bare.license, cycle: bare.cycle, progress: bare.progress }] }) });
    await renderAt('/my-license/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Texas · Other' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'What’s left' })).getByText(/^Nothing to measure yet/)).toBeTruthy();
    expect(screen.queryByText(/every requirement of this cycle is met/)).toBeNull();
  });

  it('shows each rule with its source, the hours earned and counted, what is left, the courses and the audit pack', async () => {
    answerApi({ 'GET license': ok(view) });
    await renderAt('/my-license/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Texas · RDH' })).toBeTruthy();
    const rules = screen.getByRole('region', { name: 'Requirements' });
    expect(within(rules).getAllByText(new RegExp(`^${CONFIRM_WITH_BOARD}`))).toHaveLength(2);
    expect(within(rules).getByRole('link', { name: /^TDHA rules FAQ/ }).getAttribute('href')).toBe(source.url);
    expect(within(rules).getByText('Secondary source')).toBeTruthy();
    expect(within(rules).getByText('A rule you added.')).toBeTruthy();
    expect(within(rules).getByText('Hands-on only.')).toBeTruthy();
    expect(rules.textContent).toContain('Met 4 h on this topic');
    expect(rules.textContent).toContain('3 h counted of at most 3 h');
    // some hours toward the total, fewer than it asks: partly met, with what counts of what is asked
    expect(rules.textContent).toContain('Partly met 7 of 24 h');
    expect(rules.textContent).not.toContain('Missing');
    // earned beside what counts: the self-study cap applied
    const selfStudy = screen.getByRole('rowheader', { name: /^Self-study/ }).closest('tr')!;
    expect([...selfStudy.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['6.5 h', '3 h']);
    expect(screen.getByText('7 h', { selector: 'strong' })).toBeTruthy();
    const left = screen.getByRole('region', { name: 'What’s left' });
    expect(within(left).getByRole('link', { name: 'Perio Staging Today' }).getAttribute('href')).toBe('/classroom/perio-101');
    expect(within(left).getByRole('link', { name: 'Perio on the Go' }).getAttribute('href')).toBe('/podcast/show-3/ep-9');
    const courses = screen.getByRole('region', { name: 'Courses in this cycle' });
    expect(within(courses).getAllByText(SELF_REPORTED)).toHaveLength(1);
    expect(within(courses).getByRole('link', { name: 'Download proof of BLS Provider Renewal' }).getAttribute('href')).toBe('/api/reported-course-proof?id=5');
    expect(within(courses).getByRole('link', { name: 'Verify certificate of Fluoride Varnish Myths' }).getAttribute('href')).toBe('http://localhost/verify/K96b');
    expect(screen.getByRole('link', { name: 'Download audit pack (ZIP)' }).getAttribute('href')).toBe('/api/license-audit-pack?id=7&cycle=2027-11-26');
    expect(screen.getByRole('link', { name: 'Download transcript (PDF)' }).getAttribute('href')).toBe('/api/license-transcript?id=7&cycle=2027-11-26');
    expect(screen.getByRole('link', { name: /Nov 27, 2023 – .*Nov 26, 2025/ }).getAttribute('href')).toBe('/my-license/7?cycle=2025-11-26');
  });
});

describe('CE earned elsewhere', () => {
  it('asks before removing a course, with the focus on keeping it, and says the course was removed', async () => {
    const course = { id: 5, title: 'BLS Provider Renewal', provider: 'American Red Cross', date: '2026-11-20', hours: 4, format: 'live' as const, topics: ['cpr-bls' as const], otherTopics: [], agdCode: null, proof: null, createdAt: '2026-11-21T10:00:00.000Z' };
    let courses = [course];
    answerApi({ 'GET reported-courses': () => ok({ status: true, courses }), 'POST reported-course-remove': () => ((courses = []), ok({ status: true })) });
    await renderAt('/ce-elsewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove BLS Provider Renewal' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    fireEvent.click(screen.getByRole('button', { name: /^Remove for good/ }));
    expect((await screen.findByText('Removed from your record: BLS Provider Renewal.')).closest('[role=status]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove BLS Provider Renewal' })).toBeNull());
  });
});

describe('a course recorded without proof', () => {
  const reported = { id: 5, title: 'BLS Provider Renewal', provider: 'American Red Cross', date: '2026-11-20', hours: 4, format: 'live' as const, topics: ['cpr-bls' as const], otherTopics: [], agdCode: null, proof: null, createdAt: '2026-11-20T10:00:00.000Z' };
  it('gets its proof from its row: the picker, Attach proof, the file sent with the course\'s id, and the row says so', async () => {
    let proofSent = false;
    const calls = answerApi({
      'GET reported-courses': () => ok({ status: true, courses: [proofSent ? { ...reported, proof: { name: 'bls-card.pdf', type: 'application/pdf', bytes: 40 } } : reported] }),
      'POST reported-course-proof-add': () => {
        proofSent = true;
        return ok({ status: true, course: { ...reported, proof: { name: 'bls-card.pdf', type: 'application/pdf', bytes: 40 } } });
      },
    });
    await renderAt('/ce-elsewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Add proof of BLS Provider Renewal' }));
    // the button it replaced had the focus: the picker takes it
    expect(document.activeElement).toBe(screen.getAllByLabelText('Take a photo')[0]);
    // Cancel gives the focus back to the button that opened it
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add proof of BLS Provider Renewal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add proof of BLS Provider Renewal' }));
    const attach = screen.getByRole('button', { name: 'Attach proof' }) as HTMLButtonElement;
    // nothing to attach before a file is chosen
    expect(attach.disabled).toBe(true);
    const pdf = new File(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'], 'bls-card.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [pdf] } });
    expect(await screen.findByText(/^PDF: bls-card\.pdf/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Attach proof' }));
    expect(await screen.findByText('Proof attached.')).toBeTruthy();
    const sent = calls.find((c) => c.key === 'POST reported-course-proof-add')!;
    expect(String(sent.body)).toMatch(/name="record"[\s\S]*"id":5\b/);
    expect(String(sent.body)).toContain('filename="bls-card.pdf"');
    expect(await screen.findByRole('link', { name: 'Download proof of BLS Provider Renewal' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Download proof of BLS Provider Renewal' }));
  });
});

/** the course form's fields as a student fills them: a 2-hour self-study course */
async function fillCourse(title: string, provider: string): Promise<void> {
  fireEvent.change(await screen.findByLabelText(/^Course title/), { target: { value: title } });
  fireEvent.change(screen.getByLabelText(/^Provider/), { target: { value: provider } });
  fireEvent.change(screen.getByLabelText(/^Hours/), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('radio', { name: /^Self-study/ }));
}

describe('CE earned elsewhere, offline', () => {
  it('keeps the course on the device at once when the phone says it is offline (airplane mode), and the license it was recorded from lists it as waiting', async () => {
    answerApi({ 'GET license': ok(view), 'POST reported-course-add': failures.offline });
    onlineManager.setOnline(false);
    try {
      await renderAt('/ce-elsewhere/add?license=7');
      await fillCourse('Texas Jurisprudence Assessment', 'TSBDE');
      fireEvent.click(screen.getByRole('button', { name: 'Record course' }));
      expect(await screen.findByText(recordedOffline(false))).toBeTruthy();
      const courses = await screen.findByRole('region', { name: 'Courses in this cycle' });
      const waiting = await within(courses).findByRole('region', { name: 'Waiting to be sent' });
      expect(within(waiting).getByText('Texas Jurisprudence Assessment')).toBeTruthy();
      await waitFor(async () => expect((await outbox.list()).map((a) => a.path)).toEqual(['reported-course-add']));
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('keeps the course and its PDF on the device and lists it as waiting', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderAt('/ce-elsewhere/add');
    await fillCourse('Jurisprudence for Texas RDHs', 'TDHA');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ethics or jurisprudence' }));
    const pdf = new File(['%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'], 'certificate.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [pdf] } });
    expect(await screen.findByText(/^PDF: certificate\.pdf, 1 KB$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record course' }));
    expect(await screen.findByText(recordedOffline(true))).toBeTruthy();
    const waiting = await screen.findByRole('region', { name: 'Waiting to be sent' });
    expect(within(waiting).getByText('Jurisprudence for Texas RDHs')).toBeTruthy();
    expect(within(waiting).getByText(/with its proof/)).toBeTruthy();
    await waitFor(async () => expect(await outbox.list()).toHaveLength(1));
    const [action] = await outbox.list();
    expect(action!.path).toBe('reported-course-add');
    expect(action!.body).toMatchObject({ title: 'Jurisprudence for Texas RDHs', provider: 'TDHA', hours: 2, format: 'self-study', topics: ['ethics-jurisprudence'], otherTopics: [], agdCode: null });
    expect(action!.file).toMatchObject({ name: 'certificate.pdf', type: 'application/pdf' });
    expect(new TextDecoder().decode(action!.file!.bytes)).toBe(await pdf.text());
  });
});
