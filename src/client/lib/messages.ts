// Messages of spec §8 shared by several screens.

/** a list that failed to load (danger alert) */
export const LIST_ERROR = 'System error - contact tech support.';

/** the password rules of spec §5 in one sentence, under every new-password field */
export const PASSWORD_HINT = '6 characters or longer: letters, digits and . ! @ # $ % & * ~ : ; ? + = ^ _ -';

/** spec §4 guards, shared with the server */
export { EVAL_FIRST, EXAM_DONE_CLASS, EXAM_DONE_PODCAST, LISTEN_FIRST, VIEW_CLASS_FIRST } from '#shared/domain/guard-messages';

/** spec §8 "Responses": a sponsored-video or survey answer the server did not record */
export const RESPONSE_ERROR = 'Error recording response. Try again later.';
