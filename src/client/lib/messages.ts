// Messages of spec §8 shared by several screens.

/** a list that failed to load (danger alert) */
export const LIST_ERROR = 'System error - contact tech support.';

/** the password rules of spec §5 in one sentence, under every new-password field */
export const PASSWORD_HINT = '6 characters or longer: letters, digits and . ! @ # $ % & * ~ : ; ? + = ^ _ -';

/** spec §4 guards: the evaluation or attendance question before the class was viewed */
export const VIEW_CLASS_FIRST = 'Please view class before taking exam.';
