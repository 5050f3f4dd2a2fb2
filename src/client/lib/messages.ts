// Messages of spec §8 shared by several screens.

/** a list that failed to load (danger alert) */
export const LIST_ERROR = 'System error - contact tech support.';

/** the password rules of spec §5 in one sentence, under every new-password field */
export const PASSWORD_HINT = '6 characters or longer: letters, digits and . ! @ # $ % & * ~ : ; ? + = ^ _ -';
