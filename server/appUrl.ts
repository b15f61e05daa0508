/** The host part of an app URL ('https://aurora.localhost:8080/x' → 'aurora.localhost'), or null. */
export function appUrlHost(appUrl: string): string | null {
  try {
    const url = new URL(appUrl.includes('://') ? appUrl : `http://${appUrl}`);
    return url.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
