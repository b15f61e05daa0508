import type { BrandThemeVariant } from '../../contract/brand.ts';

/** Neutral theme for screens shown before the brand has loaded (boot spinner, brand error). */
export const defaultThemeVariant: BrandThemeVariant = {
  colors: {
    primary: '#1f2933',
    onPrimary: '#ffffff',
    background: '#ffffff',
    surface: '#f5f7fa',
    text: '#1f2933',
    textMuted: '#52606d',
    accent: '#2563eb',
    error: '#c81e1e',
    navigationBar: '#ffffff',
    onNavigationBar: '#1f2933',
    card: '#ffffff',
  },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    image: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    preamble: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    tag: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  buttonRadius: 8,
  cardRadius: 8,
  grid: { xs: 2, sm: 3, lg: 4, gap: 16, margin: 24 },
};
