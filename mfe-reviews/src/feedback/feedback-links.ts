/** Where the review buttons send a visitor: log in (or sign up) first, then the form. */
export const FEEDBACK_FORM_LOGIN = '/login?redirect=/feedback-form';
export const FEEDBACK_FORM_REGISTER = '/register?redirect=/feedback-form';
