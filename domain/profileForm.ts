import type { User } from '../contract/user.ts';
import { splitFullName } from './names.ts';
import { isValidPhoneNumber, normalisePhoneNumber } from './phone.ts';
import { isValidEmail, isValidPassword } from './validation.ts';

/** The profile form as the member types it (spec 2.3: contact, addresses, change password). */
export interface ProfileForm {
  fullName: string;
  email: string;
  phoneNumber: string;
  careOf: string;
  street: string;
  zipCode: string;
  city: string;
  companyName: string;
  companyCareOf: string;
  companyStreet: string;
  companyZipCode: string;
  companyCity: string;
  newPassword: string;
  repeatPassword: string;
}

export type ProfileField = keyof ProfileForm;

export interface Address {
  careOf: string;
  street: string;
  zipCode: string;
  city: string;
}

/** The body of PUT /v1/update/user: only the fields that changed (spec 4). */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  addressList?: Address[];
  companyName?: string | null;
  companyAddress?: Address | null;
  password?: string;
}

/** Error keys of the profile form; the user_info_error_* ones are the spec's (section 5). */
export type ProfileErrorKey =
  | 'user_info_error_first_name_missing'
  | 'user_info_error_last_name_missing'
  | 'user_info_error_required'
  | 'user_info_error_email'
  | 'user_info_error_phone'
  | 'user_info_error_password_too_short'
  | 'user_info_error_password_rule_failed'
  | 'user_info_error_password_dont_match';

/** Server codes that belong to one field of the profile form (told by the error catalogue). */
const serverFieldOfCode = {
  'user/first-name-missing': 'fullName',
  'user/last-name-missing': 'fullName',
  'user/email-invalid': 'email',
  'auth/email-already-exists': 'email',
  'auth/email-already-in-use': 'email',
  'user/phone-number-missing': 'phoneNumber',
  phone_number_invalid: 'phoneNumber',
  'user/address-list-street-missing': 'street',
  'user/address-list-zip-code-missing': 'zipCode',
  'user/address-list-city-missing': 'city',
  'auth/invalid-password': 'newPassword',
} as const satisfies Record<string, ProfileField>;

export type ProfileServerCode = keyof typeof serverFieldOfCode;

/** Which field a server error code belongs to; codes of no field are told below the form. */
export function profileFieldOf(code: string): ProfileField | null {
  return (serverFieldOfCode as Record<string, ProfileField>)[code] ?? null;
}

export type ProfileErrors = Partial<Record<ProfileField, ProfileErrorKey | ProfileServerCode>>;

/** The form's fields in screen order, to find the first one to fix. */
export const profileFieldOrder: readonly ProfileField[] = [
  'fullName',
  'email',
  'phoneNumber',
  'careOf',
  'street',
  'zipCode',
  'city',
  'companyName',
  'companyCareOf',
  'companyStreet',
  'companyZipCode',
  'companyCity',
  'newPassword',
  'repeatPassword',
];

export const firstProfileError = (errors: ProfileErrors): ProfileField | null =>
  profileFieldOrder.find((field) => errors[field]) ?? null;

/** The profile's own "too short" minimum (spec 5 gives it beside the rule's 8; both apply). */
export const profilePasswordMinLength = 5;

const emptyAddress: Address = { careOf: '', street: '', zipCode: '', city: '' };

export function formFromUser(user: User): ProfileForm {
  const home = user.addressList[0] ?? emptyAddress;
  const company = user.companyAddress ?? emptyAddress;
  return {
    fullName: [user.firstName, user.lastName].filter(Boolean).join(' '),
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    careOf: home.careOf,
    street: home.street,
    zipCode: home.zipCode,
    city: home.city,
    companyName: user.companyName ?? '',
    companyCareOf: company.careOf,
    companyStreet: company.street,
    companyZipCode: company.zipCode,
    companyCity: company.city,
    newPassword: '',
    repeatPassword: '',
  };
}

const privateAddressOf = (form: ProfileForm): Address => ({
  careOf: form.careOf.trim(),
  street: form.street.trim(),
  zipCode: form.zipCode.trim(),
  city: form.city.trim(),
});

/** The company address, or null when the member left all of it empty. */
function companyAddressOf(form: ProfileForm): Address | null {
  const address = {
    careOf: form.companyCareOf.trim(),
    street: form.companyStreet.trim(),
    zipCode: form.companyZipCode.trim(),
    city: form.companyCity.trim(),
  };
  return Object.values(address).some(Boolean) ? address : null;
}

function passwordError(password: string): ProfileErrorKey | undefined {
  if (password.length < profilePasswordMinLength) return 'user_info_error_password_too_short';
  return isValidPassword(password) ? undefined : 'user_info_error_password_rule_failed';
}

/** Field errors per spec 5: required fields, e-mail, phone (after +46), password rule and match. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  const { firstName, lastName } = splitFullName(form.fullName);
  if (!firstName) errors.fullName = 'user_info_error_first_name_missing';
  else if (!lastName) errors.fullName = 'user_info_error_last_name_missing';
  if (!isValidEmail(form.email)) errors.email = 'user_info_error_email';
  if (!isValidPhoneNumber(normalisePhoneNumber(form.phoneNumber))) errors.phoneNumber = 'user_info_error_phone';
  for (const field of ['street', 'zipCode', 'city'] as const) {
    if (!form[field].trim()) errors[field] = 'user_info_error_required';
  }
  // A company address is optional, but one that is started needs street, zip code and city.
  if (companyAddressOf(form)) {
    for (const field of ['companyStreet', 'companyZipCode', 'companyCity'] as const) {
      if (!form[field].trim()) errors[field] = 'user_info_error_required';
    }
  }
  if (form.newPassword || form.repeatPassword) {
    const rule = passwordError(form.newPassword);
    if (rule) errors.newPassword = rule;
    else if (form.repeatPassword !== form.newPassword) errors.repeatPassword = 'user_info_error_password_dont_match';
  }
  return errors;
}

const sameAddress = (a: Address | null, b: Address | null) =>
  a === b || (a !== null && b !== null && a.careOf === b.careOf && a.street === b.street && a.zipCode === b.zipCode && a.city === b.city);

/** What differs from the saved user, in the API's shape; an empty object when nothing changed. */
export function profileChanges(user: User, form: ProfileForm): ProfileChanges {
  const changes: ProfileChanges = {};
  const { firstName, lastName } = splitFullName(form.fullName);
  if (firstName !== user.firstName) changes.firstName = firstName;
  if (lastName !== user.lastName) changes.lastName = lastName;
  const email = form.email.trim();
  // E-mail addresses are kept in lower case; a change of case alone is no change.
  if (email.toLowerCase() !== user.email.toLowerCase()) changes.email = email;
  const phoneNumber = normalisePhoneNumber(form.phoneNumber);
  if (phoneNumber !== (user.phoneNumber ?? '')) changes.phoneNumber = phoneNumber;
  const home = privateAddressOf(form);
  if (!sameAddress(home, user.addressList[0] ?? emptyAddress)) {
    // Only the first entry is edited here; any further ones are kept as they are.
    changes.addressList = [home, ...user.addressList.slice(1)];
  }
  const companyName = form.companyName.trim() || null;
  if (companyName !== (user.companyName || null)) changes.companyName = companyName;
  const company = companyAddressOf(form);
  const savedCompany = user.companyAddress && Object.values(user.companyAddress).some(Boolean) ? user.companyAddress : null;
  if (!sameAddress(company, savedCompany)) changes.companyAddress = company;
  if (form.newPassword) changes.password = form.newPassword;
  return changes;
}

/** The spec asks for the current password before the e-mail or the password changes. */
export const needsCurrentPassword = (changes: ProfileChanges) => changes.email !== undefined || changes.password !== undefined;
