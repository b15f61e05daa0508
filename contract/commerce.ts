import { Type, type Static } from 'typebox';
import { ImageOptions } from './common.ts';

/** Money is in minor units (öre): 12_900 is 129,00 kr. Prices include VAT. */
export const Price = Type.Object({
  current: Type.Integer({ minimum: 0 }),
  original: Type.Integer({ minimum: 0 }),
});
export type Price = Static<typeof Price>;

export const TaxRate = Type.Object({
  id: Type.String(),
  /** 25 means 25 %. */
  percentage: Type.Number({ minimum: 0, maximum: 100 }),
  display_name: Type.String(),
});
export type TaxRate = Static<typeof TaxRate>;

export const CustomFee = Type.Object({
  id: Type.String(),
  title: Type.String(),
  price: Price,
  taxRates: Type.Array(TaxRate),
});
export type CustomFee = Static<typeof CustomFee>;

export const ItemVariant = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  images: Type.Array(ImageOptions),
  price: Price,
  currency: Type.String(),
  customFeeIdList: Type.Array(Type.String()),
  taxRates: Type.Array(TaxRate),
  /** Most units one member may buy; null when unlimited. */
  purchaseCap: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /**
   * Milliseconds since epoch: when the variant goes on sale (before it, Buy waits; members who
   * come in the last minutes before it wait in its sale queue). Null: on sale now. Optional for
   * clients of older servers.
   */
  onSaleAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** Milliseconds since epoch; null for items without a date (merchandise). */
  date: Type.Object({ start: Type.Union([Type.Number(), Type.Null()]), end: Type.Union([Type.Number(), Type.Null()]) }),
  location: Type.Union([
    Type.Object({ address: Type.String(), zipCode: Type.String(), city: Type.String(), mapUrl: Type.String() }),
    Type.Null(),
  ]),
});
export type ItemVariant = Static<typeof ItemVariant>;

/** Custom fees by id, for the fee ids the variants list. */
export const CustomFeeBuildRecord = Type.Record(Type.String(), CustomFee);
export type CustomFeeBuildRecord = Static<typeof CustomFeeBuildRecord>;

export const CartItemInput = Type.Object({
  itemVariantId: Type.String({ minLength: 1, maxLength: 200 }),
  offerId: Type.String({ minLength: 1, maxLength: 200 }),
  // A number, not an integer, so the handler can answer the cart's own code for 1.5 or 0.
  quantity: Type.Number(),
});
export type CartItemInput = Static<typeof CartItemInput>;

export const CartUpdateAction = Type.Union([Type.Literal('set'), Type.Literal('add'), Type.Literal('replace')], {
  description:
    "How the lines apply. 'set' (the default, the spec's plain call): the cart becomes exactly this list. " +
    "'add': each line's quantity is added to the member's line for that variant (appended when new). " +
    "'replace': each listed line's quantity replaces the member's (appended when new); other lines stay. " +
    "'add' and 'replace' are applied on the server row by row, so two tabs adding at once both keep their lines.",
});
export type CartUpdateAction = Static<typeof CartUpdateAction>;

/** PUT /v1/update/user/shopping_cart; `shopingCartItemList` is spelt as in the product's API. */
export const CartUpdateBody = Type.Object({
  shopingCartItemList: Type.Array(CartItemInput, { maxItems: 100 }),
  action: Type.Optional(CartUpdateAction),
  version: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'The cart version this write was made from; when it is no longer current the write is refused with 409 (reload and retry).',
    }),
  ),
});
export type CartUpdateBody = Static<typeof CartUpdateBody>;

export const CartItemView = Type.Object({
  itemVariantId: Type.String(),
  offerId: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  offerType: Type.String(),
  offerTitle: Type.String(),
  offerPuffImage: ImageOptions,
  itemVariantType: Type.Union([Type.Literal('ticket'), Type.Literal('other')]),
  itemVariantCustomFeeBuildRecord: CustomFeeBuildRecord,
  itemVariant: ItemVariant,
  /** Variant price plus its custom fees, for one unit. */
  unitPrice: Type.Integer(),
  /** unitPrice times quantity. */
  linePrice: Type.Integer(),
  /**
   * Units of this variant the member has bought already (their paid orders). With the variant's
   * `purchaseCap` it says how many more the cart may take: quantity + boughtQuantity is at most
   * the cap. Always in the cart's answers; absent from older servers.
   */
  boughtQuantity: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type CartItemView = Static<typeof CartItemView>;

export const TaxTotal = Type.Object({
  taxRateId: Type.String(),
  percentage: Type.Number(),
  display_name: Type.String(),
  /** Minor units; see domain/cartPrices.ts for the rule and its rounding. */
  amount: Type.Integer(),
});
export type TaxTotal = Static<typeof TaxTotal>;

/** The enriched cart (spec 3). Totals are in minor units of `currency`. */
export const ShoppingCart = Type.Object({
  itemList: Type.Array(CartItemView),
  /** Everything to pay: variant prices plus custom fees, times quantities (VAT included). */
  totalPrice: Type.Integer(),
  /** The custom-fee part of totalPrice. */
  totalCustomFeePrice: Type.Integer(),
  totalQuantity: Type.Integer(),
  /** VAT per tax rate, in the order the rates first appear. */
  taxList: Type.Array(TaxTotal),
  currency: Type.String(),
  /** Grows with every write; send it back as `version` to make a whole-list write conditional. */
  version: Type.Integer(),
});
export type ShoppingCart = Static<typeof ShoppingCart>;
