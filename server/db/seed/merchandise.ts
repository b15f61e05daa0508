import type { Angle } from './offerText.ts';
import type { Random } from './prng.ts';
import { l, type Text3 } from './text.ts';

/** A garment the brand sells in sizes S to XL; its picture is the print on it. */
export interface MerchPlan {
  item: Text3;
  colour: Text3;
  material: Text3;
  picture: string;
  /** Price and the price before a member's reduction (kr). */
  price: number;
  originalPrice: number;
}

const cotton = l('organic cotton', 'ekologisk bomull', 'økologisk bomull');
const fleece = l('organic cotton fleece', 'ekologisk bomullsfleece', 'økologisk bomullsfleece');

const designs = [
  { item: l('northern lights tee', 'norrskens-t-shirt', 'nordlys-t-skjorte'), material: cotton, picture: '10' },
  { item: l('fjord sunset tee', 'fjord-t-shirt', 'fjord-t-skjorte'), material: cotton, picture: '01' },
  { item: l('mountain hoodie', 'fjällhoodie', 'fjellhettegenser'), material: fleece, picture: '04' },
  { item: l('red cabin sweatshirt', 'sweatshirt med röd stuga', 'collegegenser med rød hytte'), material: fleece, picture: '12' },
  { item: l('archipelago tee', 'skärgårds-t-shirt', 'skjærgårds-t-skjorte'), material: cotton, picture: '05' },
];

const colours = [
  l('forest green', 'skogsgrönt', 'skoggrønt'),
  l('midnight blue', 'midnattsblått', 'midnattsblått'),
  l('oat', 'havre', 'havre'),
  l('charcoal', 'kolgrått', 'koksgrått'),
];

/** The brand's first garment is the one the cart runs buy: 249 kr (299 kr before), few left in XL. */
export function planMerch(random: Random, designed: boolean): MerchPlan {
  const design = random.pick(designs);
  const price = designed ? 249 : random.pick([149, 199, 249, 349]);
  return { ...design, colour: random.pick(colours), price, originalPrice: designed || random.chance(0.4) ? price + 50 : price };
}

export const merchAngle = (plan: MerchPlan): Angle => ({
  titles: [l('The {brandName} {item} in {colour}', '{Item} från {brandName} i {colour}', '{Item} fra {brandName} i {colour}')],
  teasers: [l('{Material} · sizes S–XL', '{Material} · storlek S–XL', '{Material} · størrelse S–XL')],
  preambles: [
    plan.originalPrice > plan.price
      ? l(
          'Our {item} in {colour}, made of {material}, in sizes S to XL. Members pay {price} kr instead of {oldPrice} kr.',
          'Vår {item} i {colour}, gjord av {material}, i storlek S till XL. Medlemmar betalar {price} kr i stället för {oldPrice} kr.',
          'Vår {item} i {colour}, laget av {material}, i størrelse S til XL. Medlemmer betaler {price} kr i stedet for {oldPrice} kr.',
        )
      : l(
          'Our {item} in {colour}, made of {material}, in sizes S to XL, for {price} kr.',
          'Vår {item} i {colour}, gjord av {material}, i storlek S till XL, för {price} kr.',
          'Vår {item} i {colour}, laget av {material}, i størrelse S til XL, for {price} kr.',
        ),
  ],
});
