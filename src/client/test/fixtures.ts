// Answers shaped by the contract (src/shared/api) for client tests: one live webinar, one on-demand class, the
// student's data for them, an exam and an e-book. Each takes overrides for the case a test is about.
import type { ClassDetail, StudentClassData } from '#shared/api/classes';
import type { Ebook } from '#shared/api/catalog';
import type { ClassListItem } from '#shared/api/common';
import type { ResponseOf } from '#shared/api/endpoint';
import type { getExam } from '#shared/api/learning';
import { CE_TYPE, CLASS_TYPE } from '#shared/domain/constants';

const now = new Date('2026-11-25T15:00:00.000Z');
const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();

export const classDetail = (over: Partial<ClassDetail> = {}): ClassDetail => ({
  classId: 7,
  hash: 'perio101',
  className: 'Periodontal Charting Essentials',
  name: 'Dr. Ana Lopez',
  speakerCredentials: 'DDS',
  description: '<p>Charting the periodontium.</p>',
  photo: 'img/perio.jpg',
  companyName: 'Acme Dental',
  credits: 1.5,
  creditName: 'Self-study',
  ceTypeId: CE_TYPE.HOMESTUDY,
  releaseDate: inMinutes(-60 * 24 * 30),
  releaseDateUTC: inMinutes(-60 * 24 * 30),
  serverTime: now.toISOString(),
  typeId: CLASS_TYPE.PRODUCED,
  youtubeUrl: null,
  videoFile: 'video/perio.mp4',
  pdfClassFile: null,
  zoomCode: null,
  meetingReady: false,
  isTutorial: false,
  canShowExam: true,
  durationMin: 60,
  agdCode: null,
  agdCategory: null,
  learningObjectives: [],
  capacity: null,
  seatsLeft: null,
  steps: ['view', 'evaluation', 'sva', 'survey', 'exam'],
  ...over,
});

/** a live webinar starting in 10 minutes: Enter Webinar is open for a seat holder; no exam before its end */
export const liveClass = (over: Partial<ClassDetail> = {}): ClassDetail =>
  classDetail({
    hash: 'live42',
    className: 'Live: Caries Risk in Practice',
    typeId: CLASS_TYPE.LIVE,
    ceTypeId: CE_TYPE.PARTICIPATORY,
    creditName: 'Live, Interactive',
    credits: 1,
    releaseDate: inMinutes(10),
    releaseDateUTC: inMinutes(10),
    videoFile: null,
    zoomCode: '555123',
    meetingReady: true,
    capacity: 100,
    seatsLeft: 40,
    steps: ['start', 'attendance', 'evaluation', 'exam'],
    canShowExam: false,
    ...over,
  });

/** a live webinar whose hour ended 10 minutes ago: its attendance question and exam are open (decision 0046) */
export const endedLiveClass = (over: Partial<ClassDetail> = {}): ClassDetail =>
  liveClass({ releaseDate: inMinutes(-70), releaseDateUTC: inMinutes(-70), durationMin: 60, canShowExam: true, ...over });

export const studentData = (over: Partial<StudentClassData> = {}): StudentClassData => ({
  status: true,
  examDate: null,
  examScore: null,
  examTaken: false,
  evalTaken: false,
  credits: null,
  ceTypeId: null,
  classViewCount: 0,
  studentStarted: false,
  studentEnded: false,
  attended: null,
  inqueue: 0,
  gradebookId: 0,
  attendeeId: 0,
  isReserved: false,
  isWaiting: false,
  hasSeat: false,
  cancelCode: null,
  agdNumber: null,
  hideAgdReminder: false,
  ...over,
});

export const seated = (over: Partial<StudentClassData> = {}) => studentData({ attendeeId: 11, hasSeat: true, isReserved: true, cancelCode: 'cancel-code-1', ...over });

export const classAnswer = (classObj: ClassDetail, sd: StudentClassData | null = studentData()) => ({ status: true, classObj, studentData: sd });

export const listItem = (over: Partial<ClassListItem> = {}): ClassListItem => ({
  classId: 9,
  hash: 'tut9',
  className: 'Loading the Intraoral Scanner',
  speakerName: 'Sam Chen',
  sponsorCompanyName: 'ScanCo',
  photo: 'img/scan.jpg',
  releaseDate: inMinutes(-60 * 24),
  releaseDateUTC: inMinutes(-60 * 24),
  credits: 0,
  creditName: 'undefined',
  hasSeat: false,
  isWaiting: false,
  examTaken: false,
  ceTypeId: CE_TYPE.NONCE,
  typeId: CLASS_TYPE.PRODUCED,
  description: 'How to load it.',
  agdCode: null,
  agdCategory: null,
  examDate: null,
  durationMin: 5,
  inProgress: false,
  ...over,
});

/** GET survey's answer: one yes/no question, nothing answered yet */
export const surveyAnswer = () => ({
  status: true,
  rowCount: 1,
  data: [
    {
      hash: 'srv1',
      sessionHash: 'sess1',
      answered: [],
      questions: [{ hash: 'q1', question: 'Do you use sealants?', type: 'yesno', buttons: [{ hash: 'b1', label: 'Yes' }, { hash: 'b2', label: 'No' }] }],
      submit: { label: 'Finish' },
    },
  ],
});

export const examAnswer = (over: { evalTaken?: boolean; examTaken?: boolean; attended?: boolean | null } = {}): ResponseOf<typeof getExam> => ({
  status: true,
  exam: {
    minScore: 70,
    questions: [{ examQId: 1, question: 'Which probe depth suggests periodontitis?', option1: '2 mm', option2: '5 mm', option3: null, option4: null, option5: null, option6: null }],
  },
  studentData: { evalTaken: over.evalTaken ?? true, examTaken: over.examTaken ?? false, examScore: null, examDate: null, attended: over.attended ?? null },
  classId: 7,
  podcastId: null,
  title: 'Periodontal Charting Essentials',
  credits: 1.5,
  releaseDate: now.toISOString(),
});

export const ebook = (over: Partial<Ebook> = {}): Ebook => ({
  hash: 'book1',
  title: 'The Hygienist’s Guide to Sealants',
  subtitle: null,
  blurbLib: '<p>Everything about sealants.</p>',
  thumbnail: 'img/book1.jpg',
  pdf: 'ebooks/sealants.pdf',
  buttonText: null,
  ...over,
});
