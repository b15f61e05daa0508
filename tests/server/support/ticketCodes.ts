/** A ticket code (compact JWS) with one character of part `part` (0 header, 1 payload, 2 signature) flipped, still base64url: a forgery. */
export const altered = (code: string, part: number) => {
  const parts = code.split('.');
  const target = parts[part]!;
  const i = Math.floor(target.length / 2);
  parts[part] = target.slice(0, i) + (target[i] === 'A' ? 'B' : 'A') + target.slice(i + 1);
  return parts.join('.');
};
