import type { SupportDay } from '../../../contract/brandContent.ts';
import type { StoredBrandContent } from '../schema/brandContent.ts';
import { aurora, borealis } from './brands.ts';
import { faqFor } from './faq.ts';
import { l } from './text.ts';

/** Spec 9: weekdays 09:00-19:00, Saturdays 09:00-15:00, Sundays closed. */
const weekly: SupportDay[] = [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '19:00' })),
  { day: 6, opens: '09:00', closes: '15:00' },
];

const note = l(
  'Closed on Sundays and public holidays. Exceptions on event nights.',
  'Stängt på söndagar och helgdagar. Undantag på evenemangskvällar.',
  'Stengt på søndager og helligdager. Unntak på arrangementskvelder.',
);

const auroraContent: StoredBrandContent = {
  faq: faqFor('aurora', { brand: 'Aurora', email: aurora.contactEmail }),
  about: {
    header: l('Aurora: the club for Stockholm’s evenings', 'Aurora – klubben för Stockholms kvällar', 'Aurora – klubben for Stockholms kvelder'),
    body: l(
      'Aurora started in 2014 as a small group of friends who wanted better seats at the concerts they went to anyway. Today we are a members’ club with venues, restaurants and partners across Sweden, from Stockholm to Gothenburg and Malmö.\n\nAs a member you get tickets before everyone else, benefits at our partners and stories about the people behind the stage. Membership is free and comes with the card you already have.\n\nWe answer every question ourselves, at our office in Stockholm. Write or call us, we are happy to hear from you.',
      'Aurora startade 2014 som ett litet gäng vänner som ville ha bättre platser på konserterna de ändå gick på. I dag är vi en medlemsklubb med scener, restauranger och partner över hela Sverige, från Stockholm till Göteborg och Malmö.\n\nSom medlem får du biljetter före alla andra, förmåner hos våra partner och reportage om människorna bakom scenen. Medlemskapet är gratis och följer med kortet du redan har.\n\nVi svarar på alla frågor själva, från vårt kontor i Stockholm. Skriv eller ring oss, vi hör gärna av dig.',
      'Aurora startet i 2014 som en liten vennegjeng som ville ha bedre plasser på konsertene de uansett gikk på. I dag er vi en medlemsklubb med scener, restauranter og partnere over hele Sverige, fra Stockholm til Göteborg og Malmö.\n\nSom medlem får du billetter før alle andre, fordeler hos partnerne våre og reportasjer om menneskene bak scenen. Medlemskapet er gratis og følger med kortet du allerede har.\n\nVi svarer på alle spørsmål selv, fra kontoret vårt i Stockholm. Skriv eller ring til oss, vi hører gjerne fra deg.',
    ),
  },
  contact: {
    customerServiceText: l(
      'Questions about your membership, tickets or an order? Our customer service in Stockholm helps you by phone, e-mail or chat. Have your order number ready if your question is about a purchase.',
      'Frågor om ditt medlemskap, dina biljetter eller en beställning? Vår kundservice i Stockholm hjälper dig på telefon, mejl eller i chatten. Ha ditt ordernummer till hands om frågan gäller ett köp.',
      'Spørsmål om medlemskapet, billettene eller en bestilling? Kundeservice i Stockholm hjelper deg på telefon, e-post eller i chatten. Ha ordrenummeret klart hvis spørsmålet gjelder et kjøp.',
    ),
    phone: '+46 8 555 010 00',
    supportHours: { weekly, note },
    chatUrl: 'https://chat.aurora.example/klubb',
    messengerUrl: 'https://m.me/auroraklubb',
  },
};

const borealisContent: StoredBrandContent = {
  faq: faqFor('borealis', { brand: 'Borealis', email: borealis.contactEmail }),
  about: {
    header: l('Borealis: live music from Oslo and the north', 'Borealis – livemusik från Oslo och norr', 'Borealis – livemusikk fra Oslo og nord'),
    body: l(
      'Borealis is a members’ club for people who would rather stand in front of a stage than in a queue. We started in Oslo in 2017 and now work with clubs, festivals and partners across the north, from Oslo and Tromsø to Umeå and Kiruna.\n\nMembers are invited by another member or by one of our partners. With your invitation you get the first tickets to our evenings, a fair waiting list when they sell out, and perks at the places we like.\n\nWe are a small team in Oslo. Send us a message, and we will get back to you within one working day.',
      'Borealis är en medlemsklubb för dig som hellre står framför en scen än i en kö. Vi började i Oslo 2017 och samarbetar i dag med klubbar, festivaler och partner i hela norra Norden, från Oslo och Tromsø till Umeå och Kiruna.\n\nMedlemmar bjuds in av en annan medlem eller av någon av våra partner. Med din inbjudan får du de första biljetterna till våra kvällar, en rättvis väntelista när de tar slut och förmåner på ställena vi gillar.\n\nVi är ett litet team i Oslo. Skicka ett meddelande till oss, så återkommer vi inom en arbetsdag.',
      'Borealis er en medlemsklubb for deg som heller står foran en scene enn i en kø. Vi startet i Oslo i 2017 og samarbeider i dag med klubber, festivaler og partnere i hele nord, fra Oslo og Tromsø til Umeå og Kiruna.\n\nMedlemmer blir invitert av et annet medlem eller av en av partnerne våre. Med invitasjonen får du de første billettene til kveldene våre, en rettferdig venteliste når de blir utsolgt, og fordeler på stedene vi liker.\n\nVi er et lite team i Oslo. Send oss en melding, så svarer vi innen én arbeidsdag.',
    ),
  },
  contact: {
    customerServiceText: l(
      'Need help with your membership, an invitation code or a ticket? Call us or write to us, or send us a message on Messenger. Have your order number ready if your question is about a purchase.',
      'Behöver du hjälp med ditt medlemskap, en inbjudningskod eller en biljett? Ring eller skriv till oss, eller skicka ett meddelande på Messenger. Ha ditt ordernummer till hands om frågan gäller ett köp.',
      'Trenger du hjelp med medlemskapet, en invitasjonskode eller en billett? Ring eller skriv til oss, eller send oss en melding på Messenger. Ha ordrenummeret klart hvis spørsmålet gjelder et kjøp.',
    ),
    phone: '+47 22 55 50 10',
    supportHours: { weekly, note },
    chatUrl: null,
    messengerUrl: 'https://m.me/borealisclub',
  },
};

/** The demo brands' FAQ, About and contact content (their e-mail and documents live on the brand). */
export const demoBrandContent: { brandId: string; content: StoredBrandContent }[] = [
  { brandId: 'aurora', content: auroraContent },
  { brandId: 'borealis', content: borealisContent },
];
