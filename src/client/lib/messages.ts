// Messages of spec §8 shared by several screens, and the refused/broken text pairs of spec §8 that
// lib/api.ts errorMessage chooses from (refused: the service said no without a message; broken: trapped).
import type { FailureTexts } from './api.ts';

/** a list that failed to load (danger alert) */
export const LIST_ERROR = 'System error - contact tech support.';
/** spec §8: the account's actions say this whatever the server said */
export const SERVICE_ERROR = 'Service error.';
/** a sponsor's banner or offer whose company is not named */
export const SPONSORED_MESSAGE = 'Sponsored message';

/** the password rules of spec §5 in one sentence, under every new-password field */
export const PASSWORD_HINT = '6 characters or longer: letters, digits and . ! @ # $ % & * ~ : ; ? + = ^ _ -';

/** spec §4 guards, shared with the server */
export { EVAL_FIRST, EXAM_DONE_CLASS, EXAM_DONE_PODCAST, EXAM_UNAVAILABLE, LISTEN_FIRST, LIVE_CREDIT, VIEW_CLASS_FIRST } from '#shared/domain/guard-messages';

/** spec §8 "Class": the class could not be loaded (classroom, reserve, live, attendance) */
export const GET_CLASS_ERROR: FailureTexts = { refused: 'Service error: getClass.', broken: 'Trapped error: getClass service.' };
/** spec §8 "Class": Reserve Seat (and the live page's automatic reservation) */
export const RESERVE_ERROR: FailureTexts = {
  refused: 'Unable to reserve seat.',
  broken: 'Error trapped while reserving seat.',
  // a seat is the server's to give: with no answer, say so plainly (docs/decisions/0018-what-was-seen.md)
  network: 'Reserving a seat needs a connection. Try again when you are back online.',
};
/** spec §8 "Class": Enter Webinar logs the class start before leaving for the meeting */
export const CLASS_START_ERROR: FailureTexts = {
  refused: 'Error classStart service.',
  broken: 'Trapped error: classStart',
  network: 'Entering a live webinar needs a connection. Try again when you are back online.',
};

/** spec §8 "Responses", one pair per save: the sponsored video's yes/no, a survey answer, the attendance answer */
export const SVA_SAVE_ERROR: FailureTexts = { refused: 'Error recording response. Try again later.', broken: 'System error recording response. Try again later.' };
export const SURVEY_SAVE_ERROR: FailureTexts = { refused: 'Data error.  Try again later.', broken: 'System Error.  Try again later.' };
export const AFFIDAVIT_SAVE_ERROR: FailureTexts = { refused: 'System API error saving response.', broken: 'System error.  Contact technical support.' };

/** spec §8 "Exam": grading refused without a message, or failed */
export const GRADE_ERROR: FailureTexts = { refused: 'Technical Error. Try again later.', broken: 'Technical error.  Contact support.' };
/** an exam submitted with no answer from CE Pass: kept on the device by the outbox, graded when the network is back */
export const EXAM_QUEUED = 'Saved on this device. Your exam will be graded when you are back online, and the app will tell you the result.';
/** spec §8 "Exam": the exam (with the student's progress in it) failed to load */
export const EXAM_LOAD_BROKEN = 'Technical error.  Contact support.';
/** spec §8 "Exam": the server would not give this student the exam; the screen returns to the course */
export const unableToLoadStudent = (returnsTo: 'classroom' | 'podcasts'): string => `Unable to load student.  Returning to ${returnsTo}.`;

/** spec §8 "Ebook record failure": shown, while the PDF opens all the same */
export const BOOK_RESPONSE_ERROR = 'System Error from Save Book Response.';

/** spec §8 "Lists": the empty text of the home page's upcoming live webinars (§2 gives that list none) */
export const NO_UPCOMING_CLASSES = 'No upcoming classes.';

/** installing the app (docs/decisions/0014-install.md): the drawer's button, the home card, the iOS hint */
export const INSTALL_BUTTON = 'Install the app';
export const INSTALL_CARD_TITLE = 'Get the CE Pass app';
export const INSTALL_CARD_TEXT = 'One tap to your CE, like any app.';
export const INSTALL_CARD_BUTTON = 'Install';
export const INSTALL_CARD_DISMISS = 'Not now';
/** iOS Safari has no install button: 'To install, tap [Share icon] Share, then Add to Home Screen.' */
export const IOS_INSTALL_HINT = { tap: 'To install, tap', share: 'Share', then: ', then', add: 'Add to Home Screen' } as const;

/** the logged-out home: what a free account gives, beside the Register button */
export const REGISTER_PITCH = 'A free account gives you CE credits, certificates and podcast exams.';
export const REGISTER_BUTTON = 'Register';

/** after 'Release My Seat', on the webinar list the cancel screen returns to (issue 13) */
export const SEAT_RELEASED = 'Your seat has been released.';
export const WAITLIST_LEFT = 'You have left the waitlist.';
/** said on the live page a reservation opens: the RESERVED badge alone was too quiet a confirmation (a phone walk) */
export const SEAT_RESERVED = 'Seat reserved. We e-mailed you the details and a calendar file.';
export const WAITLISTED = 'This webinar is full, so you are on its waitlist. If a seat opens up, it is yours and we e-mail you.';

/** the certificate's Share button (docs/decisions/0013-certificates-in-hand.md) */
export const CERT_SHARE_ERROR = 'The certificate could not be shared. Try again, or use Download.';
/** the PDF arrived after the tap's permission to open the share sheet ran out */
export const CERT_SHARE_AGAIN = 'Your certificate is ready. Tap Share again to send it.';
/** no file sharing on this device: Share saved the PDF instead */
export const CERT_DOWNLOADED = 'This device cannot share files, so the certificate was downloaded.';

/** search (spec §5 drops a keyword of 2 characters or fewer, except '3m'; the spec has no text for it) */
export const KEYWORD_TOO_SHORT = 'Enter at least 3 characters.';
/** spec §8 "Lists": a search that found nothing */
export const NO_SEARCH_RESULTS = 'No results found for this search.';

/** spec §8's podcast texts for a play log that failed (lib/api.ts errorMessage); the audio plays on */
export const PLAY_LOG_TEXTS = { refused: 'Error logging podcast play.', broken: 'System error. Logging API failure.', failed: 'Server error. Try later.', network: 'Error accessing API.' };
/** the player gave up on an episode after making it again once (features/player/engine.ts) */
export const EPISODE_UNPLAYABLE = 'This episode could not be played. Check your connection and try again.';
/** the same while the phone is offline: what plays then, and that this one will once the connection is back */
export const EPISODE_OFFLINE = 'You are offline: downloaded episodes play, and this one will when you are back online.';
/** offline, a tap on an episode not on the device while another plays: that one plays on (decision 0045) */
export const notDownloadedOffline = (title: string): string => `“${title}” is not downloaded: it plays when you are back online.`;
/** offline, Up Next holds no downloaded episode: the queue waits, whole */
export const UP_NEXT_OFFLINE = 'Up Next plays on when you are back online: none of its episodes is downloaded.';

/** downloads (features/downloads; the spec has no texts for them): why a download did not complete, in plain words */
export const DOWNLOAD_TEXTS = {
  network: 'No connection for the download. Try again when you are online.',
  space: 'This device is out of space for downloads. Delete some downloads or free up space, then try again.',
  storage: 'This device could not save the download. Free up some space or delete some downloads, then try again.',
  server: 'The download could not start. Try again later.',
  login: 'Log in again to download this e-book.',
  unsupported: 'This browser cannot keep downloads. Try Chrome or Safari.',
};
/** the choice on the Downloads screen; 0 = never */
export const AUTO_REMOVE_LABEL = 'Remove episodes after they are heard to the end';
export const AUTO_REMOVE_CHOICES: Record<0 | 1 | 7 | 30, string> = { 0: 'Never', 1: 'After 1 day', 7: 'After 7 days', 30: 'After 30 days' };
export const DOWNLOADS_EMPTY = 'Nothing downloaded yet. Download episodes and e-books to have them with no signal, on the road or in a tunnel.';
export const DELETE_ALL_DOWNLOADS_CONFIRM = 'Delete every download from this device?';
export const LOGOUT_REMOVE_DOWNLOADS = 'Also remove downloads';
/** what logout always removes, said beside the choice */
export const LOGOUT_EBOOKS_GO = 'Saved e-books are always removed at logout.';

/** an action kept in the outbox (lib/outbox) because CE Pass could not be reached: nothing is lost */
export const SAVED_ON_DEVICE = 'Saved on this device. It will be sent when you are back online.';

/** a write whose answer was lost, while what it changes is read again (decision 0023) */
export const CHECKING = 'Couldn’t confirm that it went through — checking…';
