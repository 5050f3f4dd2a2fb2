// Messages of spec §8 shared by several screens.

/** a list that failed to load (danger alert) */
export const LIST_ERROR = 'System error - contact tech support.';

/** the password rules of spec §5 in one sentence, under every new-password field */
export const PASSWORD_HINT = '6 characters or longer: letters, digits and . ! @ # $ % & * ~ : ; ? + = ^ _ -';

/** spec §4 guards: the evaluation or attendance question before the class was viewed */
export const VIEW_CLASS_FIRST = 'Please view class before taking exam.';

/** spec §4 guards: the evaluation of a podcast episode before it was played */
export const LISTEN_FIRST = 'Please listen to podcast before taking exam.';

/** spec §4 guards: a step after the evaluation (sponsored video, survey, exam) before it was taken */
export const EVAL_FIRST = 'Complete evaluation before completing exam.';

/** spec §4 guards: the course's exam is passed, so its steps lead back to the course */
export const EXAM_DONE_CLASS = 'Exam completed.  Returning to classroom.';
export const EXAM_DONE_PODCAST = 'Exam completed.  Returning to podcasts.';

/** spec §8 "Responses": a sponsored-video or survey answer the server did not record */
export const RESPONSE_ERROR = 'Error recording response. Try again later.';
