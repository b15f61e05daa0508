/**
 * The product's rule for what a person writes about themselves (names, addresses, company, a
 * display name): one line of at most 200 characters, with no control characters (C0, DEL, C1)
 * and no line or paragraph separators, so it prints as one line in mails, receipts and logs.
 */
export const maxOneLineLength = 200;
export const oneLinePattern = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*$';
