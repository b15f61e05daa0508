import { contactMailHref, prefilledMailHref, type MailSender } from '../../components/contactMail.ts';
import { webHref } from '../../components/externalLink.ts';

/** The prefilled mails' words, in the member's language (the view translates them). */
export interface SupportMailTexts {
  feedbackSubject: string;
  feedbackBody: string;
  eventSubject: string;
  eventBody: string;
}

export interface SupportLinks {
  /** Customer service, subject 'first last ID: id' (spec 7); the mails are null when the brand has no address. */
  mail: string | null;
  feedback: string | null;
  eventRequest: string | null;
  /** The brand's Messenger page; null when it has none. */
  messenger: string | null;
}

/** The support pop-up's links (spec 2.3): the three mails to the brand's contact address, and Messenger. */
export function supportLinks(email: string, member: MailSender | null, messengerUrl: string | null, texts: SupportMailTexts): SupportLinks {
  return {
    mail: email ? contactMailHref(email, member) : null,
    feedback: email ? prefilledMailHref(email, texts.feedbackSubject, texts.feedbackBody) : null,
    eventRequest: email ? prefilledMailHref(email, texts.eventSubject, texts.eventBody) : null,
    messenger: webHref(messengerUrl),
  };
}
