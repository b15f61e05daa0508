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
});
export type User = Static<typeof User>;
