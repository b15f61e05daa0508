import type { ImageOptions } from '../../../contract/offer.ts';

/** The demo pictures in server/media/offers, served at /media/offers/{nn}-{size}.{jpg|webp}. */
export const pictures: Record<string, string> = {
  '01': 'Sunset over a calm fjord between purple mountains',
  '02': 'A steaming cup of coffee on a wooden table',
  '03': 'Coloured spotlights over a concert crowd',
  '04': 'Snow-capped mountains above a pine forest',
  '05': 'A small sailing boat on a blue sea',
  '06': 'A city skyline with lit windows at night',
  '07': 'Lanes of a red running track',
  '08': 'A stack of smooth spa stones between green leaves',
  '09': 'Colourful balloons against a pastel sky',
  '10': 'Green northern lights over dark hills',
  '11': 'A fresh loaf and a cinnamon bun on a bakery counter',
  '12': 'A red cabin in the snow with lit windows',
};

export const pictureNumbers = Object.keys(pictures);

export const imageUrl = (n: string, size: 'medium' | 'large', format: 'jpg' | 'webp') =>
  `/media/offers/${n}-${size}.${format}`;

/** Image options for one picture; without a description the app shows its fallback alt text. */
export function imageOptions(n: string, withDescription = true): ImageOptions {
  const description = pictures[n];
  if (description === undefined) throw new Error(`No demo picture ${n}`);
  return {
    jpeg: { medium: imageUrl(n, 'medium', 'jpg'), large: imageUrl(n, 'large', 'jpg') },
    webp: { medium: imageUrl(n, 'medium', 'webp'), large: imageUrl(n, 'large', 'webp') },
    ...(withDescription ? { imageDescription: description } : {}),
    width: 1200,
    height: 800,
  };
}
