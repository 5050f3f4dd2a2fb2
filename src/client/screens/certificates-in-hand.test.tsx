// Certificates in hand (issue 13) on the classroom of a completed class: Download is a link to the PDF, Share
// hands the same PDF to the Web Share API where the device can share files and saves it where it cannot, with
// progress while it loads and the server's words (or the app's) when it fails; Proof of CE opens the dialog in
// place, with its Close at the top and its buttons at its foot. A PDF class opens in a new window.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Certificate } from '#shared/api/certificates';
import { NETWORK_ERROR } from '../lib/api.ts';
import { CERT_DOWNLOADED, CERT_SHARE_AGAIN, CERT_SHARE_ERROR } from '../lib/messages.ts';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { classAnswer, classDetail, studentData } from '../test/fixtures.ts';
import { findText, renderAt } from '../test/render.tsx';
import { recordLinkTaps } from '../test/link-taps.ts';

const PDF_NAME = 'ce-pass-certificate-Cert123456.pdf';
const PDF_BYTES = '%PDF-1.7 the certificate';

const certificate: Certificate = {
  code: 'Cert123456',
  studentName: 'Jordan Rivera',
  title: 'Periodontal Charting Essentials',
  lecturer: 'Dr. Ana Lopez',
  completedOn: '2026-11-20',
  method: 'Electronically Mediated',
  creditType: 'Self-study',
  credits: 1.5,
  agdCode: null,
  agdNumber: '4821937',
  description: 'Charting the periodontium.',
  learningObjectives: [],
  accreditation: [],
  cpdNote: 'A note on UK CPD.',
  verifyUrl: 'http://localhost:8080/verify/Cert123456',
};

/**
 * The API of a completed class, with the certificate PDF answered as the server answers it (a file) or as
 * `pdf` says; `gate` holds the PDF back until it is called, so the progress can be seen.
 */
function completedClass({ pdf, gate }: { pdf?: Answer; gate?: Promise<void> } = {}) {
  const calls = answerApi({
    'GET class': ok(classAnswer(classDetail(), studentData({ examTaken: true, examDate: '2026-11-20T15:00:00.000Z', examScore: 100, evalTaken: true }))),
    'GET certificate': ok({ status: true, certificate }),
  });
  const json = globalThis.fetch;
  const pdfRequests: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (!new URL(request.url).pathname.endsWith('/api/certificate-pdf')) return json(input, init);
    pdfRequests.push(new URL(request.url).search);
    await gate;
    if (pdf === 'offline') throw new TypeError('Failed to fetch');
    if (pdf) return new Response(JSON.stringify('json' in pdf ? pdf.json : pdf.text), { status: pdf.status, headers: { 'content-type': 'application/json' } });
    return new Response(PDF_BYTES, { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${PDF_NAME}"` } });
  });
  return { calls, pdfRequests };
}

/** the Web Share API of a device: canShare says whether files can be shared; share records what it was given */
function shareApi({ files, share }: { files: boolean; share?: (data: ShareData) => Promise<void> }) {
  const shared: ShareData[] = [];
  const canShare = vi.fn((data?: ShareData) => files && Boolean(data?.files?.length));
  const shareFn = vi.fn(async (data: ShareData) => {
    shared.push(data);
    await share?.(data);
  });
  Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true });
  Object.defineProperty(navigator, 'share', { value: shareFn, configurable: true });
  return { shared, canShare, share: shareFn };
}

/** the files the page saved through a download link of its own (what Share does where it cannot share) */
function savedFiles() {
  const saved: { name: string; file: Blob | undefined }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, file: blobs.get(this.href) });
  });
  return saved;
}

afterEach(() => {
  for (const key of ['canShare', 'share'] as const) if (Object.getOwnPropertyDescriptor(navigator, key)) delete (navigator as unknown as Record<string, unknown>)[key];
});

const shareButton = () => screen.findByRole('button', { name: 'Share certificate' });

describe('the classroom of a completed class', () => {
  it('offers Download as a plain link to the certificate PDF, beside Proof of CE and Share', async () => {
    completedClass();
    await renderAt('/classroom/perio101');
    const download = await screen.findByRole('link', { name: 'Download PDF of the certificate' });
    expect(download.getAttribute('href')).toBe('/api/certificate-pdf?c=perio101');
    expect(download.hasAttribute('download')).toBe(true);
    expect(await shareButton()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proof of CE' })).toBeTruthy();
  });

  it('shares the PDF as a file where the device can share files, showing progress while it loads', async () => {
    let release!: () => void;
    const { pdfRequests } = completedClass({ gate: new Promise<void>((resolve) => (release = resolve)) });
    const { shared } = shareApi({ files: true });
    await renderAt('/classroom/perio101');
    fireEvent.click(await shareButton());
    const busy = await screen.findByRole('button', { name: 'Preparing… the certificate to share' });
    // busy, and still the button a keyboard user is on (aria-disabled, not disabled: decision 0047); a second press
    // while it is busy asks for nothing more
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    release();
    await waitFor(() => expect(shared).toHaveLength(1));
    const [file] = shared[0]!.files!;
    expect(file!.name).toBe(PDF_NAME);
    expect(file!.type).toBe('application/pdf');
    expect(await file!.text()).toBe(PDF_BYTES);
    expect(shared[0]!.title).toBe('CE certificate: Periodontal Charting Essentials');
    expect(pdfRequests).toEqual(['?c=perio101']);
    expect((await shareButton()).getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('downloads the PDF instead where the device cannot share files, and says so', async () => {
    completedClass();
    const { share } = shareApi({ files: false });
    const saved = savedFiles();
    await renderAt('/classroom/perio101');
    fireEvent.click(await shareButton());
    expect(await findText(CERT_DOWNLOADED)).toBeTruthy();
    expect(share).not.toHaveBeenCalled();
    expect(saved.map((s) => s.name)).toEqual([PDF_NAME]);
    expect(await saved[0]!.file!.text()).toBe(PDF_BYTES);
  });

  it('downloads the PDF where there is no Web Share API at all', async () => {
    completedClass();
    const saved = savedFiles();
    await renderAt('/classroom/perio101');
    fireEvent.click(await shareButton());
    expect(await findText(CERT_DOWNLOADED)).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual([PDF_NAME]);
  });

  it('asks for a second tap when the PDF came after the tap could open the share sheet, then shares without loading it again', async () => {
    const { pdfRequests } = completedClass();
    let refusals = 1;
    const { shared } = shareApi({
      files: true,
      share: async () => {
        if (refusals-- > 0) throw new DOMException('Must be handling a user gesture', 'NotAllowedError');
      },
    });
    await renderAt('/classroom/perio101');
    fireEvent.click(await shareButton());
    expect(await findText(CERT_SHARE_AGAIN)).toBeTruthy();
    fireEvent.click(await shareButton());
    await waitFor(() => expect(shared).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText(CERT_SHARE_AGAIN)).toBeNull());
    expect(pdfRequests).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing when the student closes the share sheet without sharing', async () => {
    completedClass();
    const { shared } = shareApi({
      files: true,
      share: async () => {
        throw new DOMException('Share canceled', 'AbortError');
      },
    });
    await renderAt('/classroom/perio101');
    fireEvent.click(await shareButton());
    await waitFor(() => expect(shared).toHaveLength(1));
    await waitFor(async () => expect((await shareButton()).getAttribute('aria-disabled')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each<[string, Answer, string]>([
    ["the server's refusal", failures.refusedWithMessage('No certificate for this course.', 404), 'No certificate for this course.'],
    ['a server error', failures.serverError, CERT_SHARE_ERROR],
    ['no network', failures.offline, NETWORK_ERROR],
  ])('says why Share failed on %s', async (_, pdf, text) => {
    completedClass({ pdf });
    const { share } = shareApi({ files: true });
    await renderAt('/classroom/perio101');
    fireEvent.click(await shareButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(share).not.toHaveBeenCalled();
  });

  it('says why Share failed when the share sheet itself fails', async () => {
    completedClass();
    shareApi({
      files: true,
      share: async () => {
        throw new DOMException('The files could not be read', 'DataError');
      },
    });
    await renderAt('/classroom/perio101');
    fireEvent.click(await shareButton());
    expect((await screen.findByRole('alert')).textContent).toContain(CERT_SHARE_ERROR);
  });

  it('opens the Proof of CE dialog in place: Close at its top, Download, Share, Email to Me and Close at its foot', async () => {
    completedClass();
    await renderAt('/classroom/perio101');
    fireEvent.click(await screen.findByRole('button', { name: 'Proof of CE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proof of CE' });
    await within(dialog).findByText('Jordan Rivera');
    // what the PDF prints: the student's AGD member number as it stood at the pass among the facts
    expect(within(dialog).getByText('AGD member number').nextElementSibling?.textContent).toBe('4821937');
    const head = dialog.querySelector('.dialog-head')!;
    expect(within(head as HTMLElement).getByRole('button', { name: 'Close' })).toBeTruthy();
    const foot = dialog.querySelector('.dialog-actions') as HTMLElement;
    expect(Array.from(foot.querySelectorAll('a, button'), (b) => b.textContent)).toEqual(['Email to Me', 'Download PDF of the certificate', 'Share certificate', 'Close']);
    expect(within(foot).getByRole('link', { name: 'Download PDF of the certificate' }).getAttribute('href')).toBe('/api/certificate-pdf?c=perio101');
    fireEvent.click(within(head as HTMLElement).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a PDF class', () => {
  const followed = recordLinkTaps();

  it('opens in a new window from a link, and the tap logs the view; a failed log is said on the classroom', async () => {
    const calls = answerApi({ 'GET class': ok(classAnswer(classDetail({ videoFile: null, pdfClassFile: 'pdf/perio.pdf' }))), 'POST class-view': failures.offline });
    await renderAt('/classroom/perio101');
    const link = await screen.findByRole('link', { name: /^View Class \(PDF\)/ });
    expect(link.getAttribute('href')).toBe('/media/pdf/perio.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(link);
    expect(followed).toEqual([true]);
    expect(await findText(NETWORK_ERROR)).toBeTruthy();
    // tried three times, a second apart, as one intent (one Idempotency-Key): the server applies it once at most
    const logs = calls.filter((c) => c.key === 'POST class-view');
    expect(logs).toHaveLength(3);
    expect(new Set(logs.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(window.location.pathname).toBe('/classroom/perio101');
  });
});
