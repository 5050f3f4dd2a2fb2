// The learning flow's guard messages (spec §4 "Guards"), in one place: the server refuses with them and
// the client shows them when it sends a student back, so both always say the same words.

/** the evaluation or attendance question before the class was viewed */
export const VIEW_CLASS_FIRST = 'Please view class before taking exam.';
/** the evaluation of a podcast episode before it was played */
export const LISTEN_FIRST = 'Please listen to podcast before taking exam.';
/** a step after the evaluation (sponsored video, survey, exam) before it was taken */
export const EVAL_FIRST = 'Complete evaluation before completing exam.';
/** the course's exam is passed, so its steps lead back to the course */
export const EXAM_DONE_CLASS = 'Exam completed.  Returning to classroom.';
export const EXAM_DONE_PODCAST = 'Exam completed.  Returning to podcasts.';
/** any step after the view while the course's exam is not available (spec §8 "Exam") */
export const EXAM_UNAVAILABLE = 'Exam not available.  Try again later.';
/** a live webinar's exam after its attendance question was answered 'No, I Did Not Attend' (decisions.md) */
export const LIVE_CREDIT = 'Live credit requires attending the webinar.';
/** a webinar past its end: entering it is refused, and its page says so where the countdown was (decision 0046) */
export const WEBINAR_ENDED = 'This webinar has ended.';
