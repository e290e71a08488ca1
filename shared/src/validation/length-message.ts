/** The message of a text field over its length limit. */
export const tooLongMessage = (max: number) => `Use at most ${max} characters`;
