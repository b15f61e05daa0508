import type { BrandContent } from '../../contract/brandContent.ts';

/** Aurora's texts as the API would answer them: spec 9's phone hours in Stockholm, a chat and a Messenger page. */
export function brandContent(overrides: { faq?: BrandContent['faq']; contact?: Partial<BrandContent['contact']>; language?: string } = {}): BrandContent {
  const sv = overrides.language === 'sv';
  return {
    faq: overrides.faq ?? [
      { id: 'membership', question: sv ? 'Vad kostar medlemskapet?' : 'What does membership cost?', answer: sv ? 'Det är gratis.' : 'It is free.\n\nAlways has been.' },
      { id: 'tickets', question: 'Where are my tickets?', answer: 'Under My orders.\nShow the QR code at the door.' },
    ],
    about: { header: 'About Aurora', body: 'Aurora is a club for the northern lights.\n\nWe have been around since 2011.' },
    terms: { label: 'Terms of membership', url: 'https://aurora.test/terms' },
    gdpr: { label: 'Privacy policy', url: 'https://aurora.test/privacy' },
    contact: {
      customerServiceText: 'We answer within a day.',
      email: 'kundservice@aurora.test',
      phone: '+46 8 555 010 00',
      supportHours: {
        timeZone: 'Europe/Stockholm',
        weekly: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '19:00' })).concat({ day: 6, opens: '09:00', closes: '15:00' }),
        note: 'Other hours on event nights.',
      },
      chatUrl: 'https://chat.aurora.test/',
      messengerUrl: 'https://m.me/aurora',
      ...overrides.contact,
    },
  };
}
