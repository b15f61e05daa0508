/** Text or an attribute value inside HTML: nothing a brand's name or URL holds can open a tag. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A value inside an inline <style> declaration: it can neither close the element nor the rule. */
export function cssValue(value: string): string {
  return value.replace(/[<>{};\\\r\n]/g, '');
}

/** Only a same-site path or an http(s) URL is written into a link; anything else (javascript:, data:) is left out. */
export function safeUrl(url: string | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}
