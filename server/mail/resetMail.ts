import type { Language } from '../../domain/language.ts';
import { escapeHtml } from './mail.ts';

const texts = {
  en: {
    subject: (brand: string) => `Reset your ${brand} password`,
    asked: (email: string, brand: string) => `Someone asked to reset the password of ${email} at ${brand}.`,
    open: 'Open this link within one hour to choose a new password:',
    choose: 'Choose a new password',
    lifetime: '(the link works for one hour)',
    ignore: 'If you did not ask for it, you can ignore this mail.',
  },
  sv: {
    subject: (brand: string) => `Återställ ditt lösenord hos ${brand}`,
    asked: (email: string, brand: string) => `Någon har bett om att få återställa lösenordet för ${email} hos ${brand}.`,
    open: 'Öppna länken inom en timme för att välja ett nytt lösenord:',
    choose: 'Välj ett nytt lösenord',
    lifetime: '(länken gäller i en timme)',
    ignore: 'Om det inte var du som bad om det kan du bortse från det här mejlet.',
  },
  nb: {
    subject: (brand: string) => `Tilbakestill passordet ditt hos ${brand}`,
    asked: (email: string, brand: string) => `Noen har bedt om å tilbakestille passordet for ${email} hos ${brand}.`,
    open: 'Åpne lenken innen én time for å velge et nytt passord:',
    choose: 'Velg et nytt passord',
    lifetime: '(lenken virker i én time)',
    ignore: 'Hvis det ikke var du som ba om det, kan du se bort fra denne e-posten.',
  },
} satisfies Record<Language, unknown>;

/** The mail with a single-use link to choose a new password (POST /v1/password_reset/user). */
export function passwordResetMail(brandName: string, email: string, link: string, language: Language) {
  const t = texts[language];
  return {
    subject: t.subject(brandName),
    text: `${t.asked(email, brandName)}\n\n${t.open}\n${link}\n\n${t.ignore}`,
    html: `<p>${escapeHtml(t.asked(email, brandName))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.choose)}</a> ${escapeHtml(t.lifetime)}.</p><p>${escapeHtml(t.ignore)}</p>`,
  };
}
