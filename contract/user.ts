import { Type, type Static } from 'typebox';

export const Address = Type.Object({
  careOf: Type.String(),
  street: Type.String(),
  zipCode: Type.String(),
  city: Type.String(),
});

export const User = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  ssn: Type.Union([Type.String(), Type.Null()]),
  addressList: Type.Array(Address),
  companyName: Type.Union([Type.String(), Type.Null()]),
  companyAddress: Type.Union([Address, Type.Null()]),
  pushNotificationToken: Type.Union([Type.String(), Type.Null()]),
  completedOnboarding: Type.Boolean(),
  /** The member chose their own password; false while they hold a generated one (set-up then asks for one). */
  passwordChosen: Type.Boolean(),
  /** The language the member chose in the app (their mails follow it); null until they choose. Always sent by the server. */
  language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('sv'), Type.Literal('nb'), Type.Null()])),
  /** The member's favourite categories (ids of the brand's categories), for the feed's "My categories" filter. Always sent by the server. */
  favouriteCategoryIdList: Type.Optional(Type.Array(Type.String())),
});
export type User = Static<typeof User>;

/** PUT /v1/update/user/category: the member's favourite categories, the whole list each time. */
export const CategoryUpdateBody = Type.Object(
  { categoryIdList: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 }) },
  { additionalProperties: false },
);
export type CategoryUpdateBody = Static<typeof CategoryUpdateBody>;

export const FavouriteCategories = Type.Object({ categoryIdList: Type.Array(Type.String()) });
export type FavouriteCategories = Static<typeof FavouriteCategories>;
