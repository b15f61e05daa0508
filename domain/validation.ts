/**
 * Local part, @, domain, and a top-level domain of at least two letters (spec section 5). Parts
 * are dot-separated runs of characters that can stand in a plain address: no spaces or control
 * characters, no <, >, quotes, brackets, commas, semicolons, colons or backslashes.
 */
const addressPart = '[^\\s@<>"\'()\\[\\],;:\\\\.\\u0000-\\u001f\\u007f]+';
const emailPattern = new RegExp(`^${addressPart}(?:\\.${addressPart})*@(?:${addressPart}\\.)+[A-Za-z]{2,}$`);

export function isValidEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** 8 to 30 characters, a digit, a lowercase and an uppercase letter, no whitespace. */
export function isValidPassword(value: string): boolean {
  return /^\S{8,30}$/.test(value) && /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);
}

/** Error keys of the sign-in form, as the spec names them. */
export interface SignInErrors {
  email?: 'signin_error_enter_email' | 'signin_error_invalid_email';
  password?: 'signin_error_enter_password';
}

export function validateSignIn(form: { email: string; password: string }): SignInErrors {
  const errors: SignInErrors = {};
  if (form.email.trim() === '') errors.email = 'signin_error_enter_email';
  else if (!isValidEmail(form.email)) errors.email = 'signin_error_invalid_email';
  if (form.password === '') errors.password = 'signin_error_enter_password';
  return errors;
}
