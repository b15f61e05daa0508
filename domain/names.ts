/** The name as one line: first and last name with a space between, leaving out an empty one. */
export function fullNameOf(firstName: string, lastName: string): string {
  return [firstName, lastName].filter(Boolean).join(' ');
}

/**
 * A full name split as the profile does (spec section 5): the last non-empty word is the last
 * name, the rest the first name; a single word is the first name.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}
