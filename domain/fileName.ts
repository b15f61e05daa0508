/**
 * A calendar file's name from its event's title, for the app's download and the order mail alike:
 * letters of every script kept as written (ö stays ö, ø stays ø), everything else a single dash.
 * "Mørketid: Göteborg, 16 December" → "mørketid-göteborg-16-december.ics".
 */
export function calendarFileName(title: string): string {
  const words = title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Long titles are cut at a word, so no letter is left half.
  const short = words.length <= 80 ? words : words.slice(0, 80).replace(/-[^-]*$/, '');
  return `${short || 'event'}.ics`;
}
