import { brandThemeVariables } from '../../domain/brandTheme.ts';
import { pickText } from '../../domain/language.ts';
import type { ImageOptions } from '../../contract/offer.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import { cssValue, escapeHtml, safeUrl } from './escape.ts';
import type { Layout } from './layout.ts';
import { billboardPreload, skeletonMarkup, skeletonStyle } from './skeleton.ts';

/** What the shell shows of a brand; its hash keys the rendered page (a change renders it again). */
export type ShellBrand = Pick<BrandRow, 'id' | 'name' | 'logoUrl' | 'theme' | 'navigationBar' | 'settings'>;

export const manifestPath = '/manifest.webmanifest';

/** The built index.html, cut where the brand goes in. */
export interface ShellTemplate {
  head: string;
  /** From `</head>` up to and including `<body ...>`. */
  bodyStart: string;
  rest: string;
}

const neutralTitle = '<title>Klubb</title>';

export function parseTemplate(html: string): ShellTemplate {
  const headEnd = html.indexOf('</head>');
  const bodyTag = html.indexOf('<body', headEnd);
  const bodyEnd = bodyTag < 0 ? -1 : html.indexOf('>', bodyTag) + 1;
  if (headEnd < 0 || bodyEnd <= 0 || !html.includes(neutralTitle)) throw new Error(`index.html needs ${neutralTitle}, </head> and <body>`);
  return { head: html.slice(0, headEnd), bodyStart: html.slice(headEnd, bodyEnd), rest: html.slice(bodyEnd) };
}

/** Where the app's entry finds the start's preloads the shell held back (src/wiring/shellPaint.ts releaseStartPreloads). */
export const heldPreloadsId = 'start-preloads';

const modulePreloads = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The head with the build's `modulepreload` links held in an inert template: on a page whose
 * billboard paints first, the start's chunks (about 100 kB) are fetched once it has painted
 * (the entry releases them), not beside it. Fetched beside it, a phone's slow link shared
 * between them delayed the image, and Lighthouse counts every script that arrived before the paint.
 */
function holdModulePreloads(head: string): string {
  const links = head.match(modulePreloads);
  if (!links) return head;
  const at = head.indexOf(links[0]!);
  const rest = head.replace(modulePreloads, '');
  return `${rest.slice(0, at)}<template id="${heldPreloadsId}">${links.map((link) => link.trim()).join('')}</template>\n    ${rest.slice(at)}`;
}

/** The page for a host of no brand: the app then shows what it shows for an unknown brand. */
export function renderNeutralShell(template: ShellTemplate): string {
  return template.head + template.bodyStart + template.rest;
}

/**
 * index.html for one brand: its name as the title, its icons, theme colour and manifest, its theme's
 * variables inline (the same as the app sets, domain/brandTheme.ts) and the skeleton of the shell,
 * so the first paint is the brand's before any JavaScript runs.
 */
export function renderBrandShell(template: ShellTemplate, brand: ShellBrand, layout: Layout, billboard: ImageOptions | null = null): string {
  const colors = brand.theme.light.colors;
  const icons = brand.settings.appIcons;
  const favicon = safeUrl(icons?.favicon);
  const appleTouchIcon = safeUrl(icons?.appleTouchIcon);
  const variables = brandThemeVariables(brand.theme.light)
    .map(([name, value]) => `${name}:${cssValue(value)}`)
    .join(';');
  const head = [
    favicon && `<link rel="icon" type="image/svg+xml" href="${escapeHtml(favicon)}">`,
    appleTouchIcon && `<link rel="apple-touch-icon" href="${escapeHtml(appleTouchIcon)}">`,
    `<link rel="manifest" href="${manifestPath}">`,
    `<meta name="theme-color" content="${escapeHtml(cssValue(colors.navigationBar))}">`,
    // `html:root` outranks the app's `:root` defaults (the neutral theme), which load after this page
    // with the app's chunk: the brand's values win until the app sets them on <html> itself.
    `<style>html:root{${variables}}${skeletonStyle}</style>`,
  ].filter(Boolean);
  const tabs = brand.navigationBar.filter((entry) => pickText(entry.label, 'en') !== '' || entry.icon !== '').length;
  const logoUrl = safeUrl(brand.logoUrl);
  const skeleton = skeletonMarkup({ name: brand.name, logoUrl, tabs, billboard }, layout);
  // Right after the title, before the app's module scripts: the billboard is the first file asked for.
  const preload = logoUrl && billboard ? billboardPreload(billboard) : '';
  const templateHead = preload ? holdModulePreloads(template.head) : template.head;
  return (
    templateHead.replace(neutralTitle, `<title>${escapeHtml(brand.name)}</title>${preload ? `\n    ${preload}` : ''}`) +
    head.join('\n    ') +
    '\n  ' +
    template.bodyStart +
    skeleton +
    template.rest
  );
}
