import { safeUrl } from './escape.ts';
import type { ShellBrand } from './renderShell.ts';

/** The web app manifest of one brand: installed, the app opens on its feed in its own window. */
export function webManifest(brand: ShellBrand) {
  const colors = brand.theme.light.colors;
  const icons = brand.settings.appIcons;
  const icon = (src: string | undefined, sizes: string, purpose: 'any' | 'maskable') => {
    const url = safeUrl(src);
    return url ? [{ src: url, sizes, type: 'image/png', purpose }] : [];
  };
  return {
    id: '/',
    name: brand.name,
    short_name: brand.name,
    lang: brand.settings.defaultLanguage ?? 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: colors.navigationBar,
    background_color: colors.background,
    icons: [...icon(icons?.icon192, '192x192', 'any'), ...icon(icons?.icon512, '512x512', 'any'), ...icon(icons?.maskable512, '512x512', 'maskable')],
  };
}
