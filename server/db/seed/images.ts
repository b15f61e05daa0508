import type { ImageOptions } from '../../../contract/offer.ts';
import { l, type Text3 } from './text.ts';

/**
 * The demo pictures in server/media/offers, served at /media/offers/{nn}-{size}.{jpg|webp|avif}, described in each
 * language: JPEG and WebP at 480 (medium), 800 (phone) and 1200 px (large), AVIF at all three (imageVariants.ts renders them).
 */
export const pictures: Record<string, Text3> = {
  '01': l('Sunset over a calm fjord between purple mountains', 'Solnedgång över en stilla fjord mellan lila berg', 'Solnedgang over en stille fjord mellom lilla fjell'),
  '02': l('A steaming cup of coffee on a wooden table', 'En rykande kopp kaffe på ett träbord', 'En dampende kopp kaffe på et trebord'),
  '03': l('Coloured spotlights over a concert crowd', 'Färgade strålkastare över en konsertpublik', 'Fargede lyskastere over et konsertpublikum'),
  '04': l('Snow-capped mountains above a pine forest', 'Snöklädda berg ovanför en tallskog', 'Snødekte fjell over en furuskog'),
  '05': l('A small sailing boat on a blue sea', 'En liten segelbåt på ett blått hav', 'En liten seilbåt på et blått hav'),
  '06': l('A city skyline with lit windows at night', 'En stadssiluett med tända fönster en kväll', 'En bysilhuett med lys i vinduene om kvelden'),
  '07': l('Lanes of a red running track', 'Banorna på en röd löparbana', 'Banene på en rød løpebane'),
  '08': l('A stack of smooth spa stones between green leaves', 'En trave släta spastenar mellan gröna blad', 'En stabel glatte spasteiner mellom grønne blader'),
  '09': l('Colourful balloons against a pastel sky', 'Färgglada ballonger mot en pastellfärgad himmel', 'Fargerike ballonger mot en pastellfarget himmel'),
  '10': l('Green northern lights over dark hills', 'Grönt norrsken över mörka kullar', 'Grønt nordlys over mørke åser'),
  '11': l('A fresh loaf and a cinnamon bun on a bakery counter', 'Ett nybakat bröd och en kanelbulle på en bagerudisk', 'Et nybakt brød og en kanelbolle på en bakeridisk'),
  '12': l('A red cabin in the snow with lit windows', 'En röd stuga i snön med tända fönster', 'En rød hytte i snøen med lys i vinduene'),
};

export const pictureNumbers = Object.keys(pictures);

export const imageUrl = (n: string, size: 'medium' | 'phone' | 'large', format: 'jpg' | 'webp' | 'avif') =>
  `/media/offers/${n}-${size}.${format}`;

/** Image options for one picture (described in English); without a description the app shows its fallback alt text. */
export function imageOptions(n: string, withDescription = true): ImageOptions {
  const description = pictures[n];
  if (description === undefined) throw new Error(`No demo picture ${n}`);
  return {
    jpeg: { medium: imageUrl(n, 'medium', 'jpg'), phone: imageUrl(n, 'phone', 'jpg'), large: imageUrl(n, 'large', 'jpg') },
    webp: { medium: imageUrl(n, 'medium', 'webp'), phone: imageUrl(n, 'phone', 'webp'), large: imageUrl(n, 'large', 'webp') },
    avif: { medium: imageUrl(n, 'medium', 'avif'), phone: imageUrl(n, 'phone', 'avif'), large: imageUrl(n, 'large', 'avif') },
    ...(withDescription ? { imageDescription: description.en } : {}),
    width: 1200,
    height: 800,
  };
}
