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

/** A prefilled mail (the support pop-up's app feedback, event request): subject and body, encoded. */
export function prefilledMailHref(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
