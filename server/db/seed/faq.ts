import { fill3, l, type SlotValue, type Text3 } from './text.ts';

/*
 * The demo brands' FAQ, written after what the app really does (docs/: cart, checkout, tickets,
 * promo codes, waiting list, bank eID). Slots: {brand}, {email}.
 */

export interface FaqSeed {
  id: string;
  question: Text3;
  answer: Text3;
}

const joinAurora = {
  question: l('How do I become a member?', 'Hur blir jag medlem?', 'Hvordan blir jeg medlem?'),
  answer: l(
    'Create an account with your e-mail address and a password. Then finish your membership: add your mobile number and choose the card you have with us (Bankkort, Allkort or Platinumkort). With another card, enter its first six digits.\n\nMembership is free, and you can start using your benefits straight away.',
    'Skapa ett konto med din e-postadress och ett lösenord. Slutför sedan medlemskapet: lägg till ditt mobilnummer och välj vilket kort du har hos oss (Bankkort, Allkort eller Platinumkort). Har du ett annat kort anger du dess sex första siffror.\n\nMedlemskapet är gratis och du kan börja använda dina förmåner direkt.',
    'Opprett en konto med e-postadressen din og et passord. Fullfør deretter medlemskapet: legg inn mobilnummeret ditt og velg hvilket kort du har hos oss (Bankkort, Allkort eller Platinumkort). Har du et annet kort, skriver du inn de seks første sifrene.\n\nMedlemskapet er gratis, og du kan begynne å bruke fordelene dine med en gang.',
  ),
};

const joinBorealis = {
  question: l('How do I become a member?', 'Hur blir jag medlem?', 'Hvordan blir jeg medlem?'),
  answer: l(
    'Membership is by invitation. Create an account with your e-mail address and a password, then enter the 6-digit code from your invitation. We check your personal identity number once to confirm who you are; our partners never see it.\n\nNo invitation? Write to {email} and tell us a little about yourself.',
    'Medlemskapet är för inbjudna. Skapa ett konto med din e-postadress och ett lösenord och ange sedan den sexsiffriga koden från din inbjudan. Vi kontrollerar ditt personnummer en gång för att bekräfta vem du är; våra partner ser det aldrig.\n\nHar du ingen inbjudan? Skriv till {email} och berätta lite om dig själv.',
    'Medlemskapet er for inviterte. Opprett en konto med e-postadressen din og et passord, og skriv deretter inn den sekssifrede koden fra invitasjonen. Vi sjekker personnummeret ditt én gang for å bekrefte hvem du er; partnerne våre ser det aldri.\n\nHar du ingen invitasjon? Skriv til {email} og fortell litt om deg selv.',
  ),
};

const shared: Omit<FaqSeed, 'id'>[] = [
  {
    question: l('How do I buy tickets?', 'Hur köper jag biljetter?', 'Hvordan kjøper jeg billetter?'),
    answer: l(
      'Open the event, choose the city and evening, and add the tickets to your cart. In the cart, go to checkout and pay by card. Your tickets are held for you for about half an hour while you pay.\n\nOnce paid, the tickets are under More → My orders, each with its own QR code, and in the confirmation e-mail. Show the QR code at the door. Some events limit how many tickets one member can buy.',
      'Öppna evenemanget, välj stad och kväll och lägg biljetterna i varukorgen. Gå till kassan från varukorgen och betala med kort. Biljetterna hålls åt dig i ungefär en halvtimme medan du betalar.\n\nNär du har betalat finns biljetterna under Mer → Mina beställningar, var och en med sin egen QR-kod, och i orderbekräftelsen som kommer via e-post. Visa QR-koden i entrén. Vissa evenemang har en gräns för hur många biljetter en medlem kan köpa.',
      'Åpne arrangementet, velg by og kveld, og legg billettene i handlekurven. Gå til kassen fra handlekurven og betal med kort. Billettene holdes av til deg i omtrent en halvtime mens du betaler.\n\nNår du har betalt, finner du billettene under Mer → Mine bestillinger, hver med sin egen QR-kode, og i ordrebekreftelsen på e-post. Vis QR-koden ved inngangen. Noen arrangementer har en grense for hvor mange billetter ett medlem kan kjøpe.',
    ),
  },
  {
    question: l('Can I cancel my tickets and get my money back?', 'Kan jag avboka mina biljetter och få pengarna tillbaka?', 'Kan jeg avbestille billettene og få pengene tilbake?'),
    answer: l(
      'Tickets cannot be cancelled in the app. If you cannot come, contact customer service at {email} with your order number and we will see what we can do.\n\nWhen an order is cancelled, the whole amount goes back to the card you paid with, you get an e-mail about it, and the tickets in the order are no longer valid. Freed tickets go to the first member on the waiting list.',
      'Biljetter kan inte avbokas i appen. Om du inte kan komma, kontakta kundservice på {email} med ditt ordernummer så ser vi vad vi kan göra.\n\nNär en beställning avbokas betalas hela beloppet tillbaka till kortet du betalade med, du får ett mejl om det och biljetterna i beställningen slutar gälla. Biljetter som blir lediga går till den som står först på väntelistan.',
      'Billetter kan ikke avbestilles i appen. Hvis du ikke kan komme, kontakt kundeservice på {email} med ordrenummeret ditt, så ser vi hva vi kan gjøre.\n\nNår en bestilling kanselleres, betales hele beløpet tilbake til kortet du betalte med, du får en e-post om det, og billettene i bestillingen er ikke lenger gyldige. Billetter som blir ledige, går til den som står først på ventelisten.',
    ),
  },
  {
    question: l('How do promo codes work?', 'Hur fungerar rabattkoder?', 'Hvordan fungerer rabattkoder?'),
    answer: l(
      'Some benefits come with a promo code. Tap Claim code on the benefit’s page. A shared code is the same for every member; a personal code is yours alone and is never given to anyone else. Each benefit has a limit on how many personal codes one member may claim, and the page shows how many you have.\n\nEvery code you have claimed is kept under More → My promo codes, ready to copy.',
      'Vissa förmåner har en rabattkod. Tryck på Hämta kod på förmånens sida. En gemensam kod är densamma för alla medlemmar; en personlig kod är bara din och ges aldrig till någon annan. Varje förmån har en gräns för hur många personliga koder en medlem kan hämta, och sidan visar hur många du har.\n\nAlla koder du har hämtat sparas under Mer → Mina rabattkoder, redo att kopiera.',
      'Noen fordeler har en rabattkode. Trykk på Hent kode på siden til fordelen. En felles kode er den samme for alle medlemmer; en personlig kode er bare din og blir aldri gitt til noen andre. Hver fordel har en grense for hvor mange personlige koder ett medlem kan hente, og siden viser hvor mange du har.\n\nAlle kodene du har hentet, ligger under Mer → Mine rabattkoder, klare til å kopieres.',
    ),
  },
  {
    question: l('The evening is sold out. Is there a waiting list?', 'Kvällen är slutsåld. Finns det en väntelista?', 'Kvelden er utsolgt. Finnes det en venteliste?'),
    answer: l(
      'Yes. When an evening is sold out, tap Join the waiting list on the event page and you will see your place in line. When a ticket becomes free, it goes to the first person in line: you get an e-mail, and the ticket is held for you for a limited time (at most two hours, shorter close to the event). If you do not buy it in time, it goes to the next person.\n\nYou find all your places under More → My waiting lists.',
      'Ja. När en kväll är slutsåld trycker du på Ställ dig på väntelistan på evenemangets sida, och du ser vilken plats i kön du har. När en biljett blir ledig går den till den som står först: du får ett mejl och biljetten hålls åt dig en begränsad tid (högst två timmar, kortare nära evenemanget). Köper du den inte i tid går den vidare till nästa person.\n\nAlla dina platser hittar du under Mer → Mina väntelistor.',
      'Ja. Når en kveld er utsolgt, trykker du på Sett deg på venteliste på siden til arrangementet, og du ser hvilken plass du har i køen. Når en billett blir ledig, går den til den som står først: du får en e-post, og billetten holdes av til deg en begrenset tid (høyst to timer, kortere nær arrangementet). Kjøper du den ikke i tide, går den videre til neste person.\n\nAlle plassene dine finner du under Mer → Mine ventelister.',
    ),
  },
  {
    question: l('How do I sign in with BankID, or reset my password?', 'Hur loggar jag in med BankID eller återställer mitt lösenord?', 'Hvordan logger jeg inn med BankID eller tilbakestiller passordet?'),
    answer: l(
      'Choose Sign in with BankID on the sign-in page. Open BankID on this device, or choose BankID on another device and scan the QR code with the BankID app. It works when your personal identity number is registered with your membership.\n\nForgot your password? Choose Forgot password and we will e-mail you a link. The link is valid for one hour.',
      'Välj Logga in med BankID på inloggningssidan. Öppna BankID på den här enheten, eller välj BankID på annan enhet och skanna QR-koden med BankID-appen. Det fungerar när ditt personnummer är registrerat på ditt medlemskap.\n\nHar du glömt lösenordet? Välj Glömt lösenord så mejlar vi en länk till dig. Länken gäller i en timme.',
      'Velg Logg inn med BankID på innloggingssiden. Åpne BankID på denne enheten, eller velg BankID på en annen enhet og skann QR-koden med BankID-appen. Det fungerer når personnummeret ditt er registrert på medlemskapet.\n\nHar du glemt passordet? Velg Glemt passord, så sender vi deg en lenke på e-post. Lenken er gyldig i én time.',
    ),
  },
  {
    question: l('How do I change the language of the app?', 'Hur byter jag språk i appen?', 'Hvordan bytter jeg språk i appen?'),
    answer: l(
      '{brand} speaks English, Swedish and Norwegian. Choose your language under More → Language. The app and the e-mails we send you follow your choice.',
      '{brand} finns på engelska, svenska och norska. Välj språk under Mer → Språk. Appen och mejlen vi skickar till dig följer ditt val.',
      '{brand} finnes på engelsk, svensk og norsk. Velg språk under Mer → Språk. Appen og e-postene vi sender deg, følger valget ditt.',
    ),
  },
  {
    question: l('How do I delete my account?', 'Hur raderar jag mitt konto?', 'Hvordan sletter jeg kontoen min?'),
    answer: l(
      'Go to More → Profile and choose Delete account at the bottom. For your safety we ask for your password first. Your profile and your membership are then removed, and you are signed out.',
      'Gå till Mer → Profil och välj Radera konto längst ned. Av säkerhetsskäl ber vi dig först bekräfta med ditt lösenord. Därefter tas din profil och ditt medlemskap bort och du loggas ut.',
      'Gå til Mer → Profil og velg Slett konto nederst. Av sikkerhetshensyn ber vi deg først bekrefte med passordet ditt. Deretter slettes profilen og medlemskapet ditt, og du logges ut.',
    ),
  },
];

/** A brand's FAQ: how to join it first, then what every member asks. */
export function faqFor(brandId: 'aurora' | 'borealis', slots: Record<string, SlotValue>): FaqSeed[] {
  const join = brandId === 'aurora' ? joinAurora : joinBorealis;
  const ids = ['membership', 'tickets', 'refunds', 'promo-codes', 'waiting-list', 'sign-in', 'language', 'delete-account'];
  return [join, ...shared].map((entry, i) => ({
    id: ids[i]!,
    question: fill3(entry.question, slots),
    answer: fill3(entry.answer, slots),
  }));
}
