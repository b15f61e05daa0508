import { Type, type Static } from 'typebox';
import { User } from './user.ts';
import { maxOneLineLength, oneLinePattern } from './textRules.ts';

/*
 * Request bodies of the account endpoints. Fields the contract answers with its own code when
 * missing (email, names, phone, password, ...) are optional here and checked in the route, so a
 * missing field gives e.g. user/email-missing rather than a generic invalid_request.
 */

/** Names, addresses, company, phone: one line of text, no control characters or line breaks (textRules.ts). */
const Text = (maxLength = maxOneLineLength) => Type.String({ maxLength, pattern: oneLinePattern });
/** E-mails are checked by the route (user/email-invalid also for control characters). */
const Email = Type.String({ maxLength: 320 });
/** Passwords are checked by the product's rule (8-30 characters); the cap only bounds hashing work. */
const Password = Type.String({ maxLength: 200 });

export const CreateUserBody = Type.Object({
  brandId: Type.String({ minLength: 1, maxLength: 100 }),
  signInType: Type.Literal('password'),
  email: Type.Optional(Email),
  password: Type.Optional(Password),
  termsAccepted: Type.Optional(Type.Boolean()),
  ssn: Type.Optional(Text(20)),
  firstName: Type.Optional(Text()),
  lastName: Type.Optional(Text()),
  phoneNumber: Type.Optional(Text(40)),
  careOf: Type.Optional(Text()),
  street: Type.Optional(Text()),
  zipCode: Type.Optional(Text(20)),
  city: Type.Optional(Text()),
});
export type CreateUserBody = Static<typeof CreateUserBody>;
/** What the app's create-account form sends (spec 3): the body with the e-mail and the terms answer it always fills. */
export type CreateUserRequest = CreateUserBody & { email: string; termsAccepted: boolean };

export const CreateUserReply = Type.Object({
  user: User,
  /** The generated password when the member chose none; null otherwise. */
  tempPassword: Type.Union([Type.String(), Type.Null()]),
});
export type CreateUserReply = Static<typeof CreateUserReply>;

export const CompleteOnboardingBody = Type.Object({
  email: Type.Optional(Email),
  phoneNumber: Type.Optional(Text(40)),
  password: Type.Optional(Password),
  referralCode: Type.Optional(Text(100)),
});
export type CompleteOnboardingBody = Static<typeof CompleteOnboardingBody>;

/** An address as the profile sends it; street, zip code and city are required by the route. */
export const AddressInput = Type.Object(
  {
    careOf: Type.Optional(Text()),
    street: Type.Optional(Text()),
    zipCode: Type.Optional(Text(20)),
    city: Type.Optional(Text()),
  },
  { additionalProperties: false },
);
export type AddressInput = Static<typeof AddressInput>;

/** Only the changed fields; anything else (ssn is read-only) is refused. */
/** FCM and APNs tokens: letters, digits and `_ : . -`, far under the bound (the database holds it too, migration 0020). */
export const pushTokenMaxLength = 1024;
const PushNotificationToken = Type.String({ minLength: 1, maxLength: pushTokenMaxLength, pattern: '^[A-Za-z0-9_:.\\-]+$' });

export const UpdateUserBody = Type.Object(
  {
    firstName: Type.Optional(Text()),
    lastName: Type.Optional(Text()),
    email: Type.Optional(Email),
    phoneNumber: Type.Optional(Text(40)),
    addressList: Type.Optional(Type.Array(AddressInput, { maxItems: 10 })),
    companyName: Type.Optional(Type.Union([Text(), Type.Null()])),
    companyAddress: Type.Optional(Type.Union([AddressInput, Type.Null()])),
    password: Type.Optional(Password),
    currentPassword: Type.Optional(Password),
    /** The app's language, chosen on the Language screen: the member's mails follow it. null forgets the choice (the device's or browser's language applies again). */
    language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('sv'), Type.Literal('nb'), Type.Null()])),
    /** The device's push token from the native container (spec 4, 7); null forgets it. */
    pushNotificationToken: Type.Optional(Type.Union([PushNotificationToken, Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const PasswordResetBody = Type.Object({
  email: Type.Optional(Email),
  appUrl: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type PasswordResetBody = Static<typeof PasswordResetBody>;

export const PasswordUpdateBody = Type.Object({
  verificationId: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Password),
});
export type PasswordUpdateBody = Static<typeof PasswordUpdateBody>;

export const EmptyReply = Type.Object({});
