export interface MailSender {
  id: string;
  firstName: string;
  lastName: string;
}

/** `mailto:` link to customer service; the subject names the user so support can find the account. */
export function contactMailHref(email: string, user?: MailSender | null): string {
  if (!user) return `mailto:${email}`;
  const subject = `${user.firstName} ${user.lastName} ID: ${user.id}`.replace(/\s+/g, ' ').trim();
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
