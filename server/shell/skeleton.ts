import type { ImageOptions } from '../../contract/offer.ts';
import { billboardImageSizes, pictureSources, srcFor, srcSetFor } from '../../domain/imageSources.ts';
import type { Layout } from './layout.ts';
import { escapeHtml, safeUrl } from './escape.ts';

/**
 * The shell's frame drawn before any JavaScript (src/routes/ContentShell.tsx with the sizes of
 * src/components/shell/shellSizes.ts, src/routes/shell.css.ts and tabBar.css.ts, the feed's logo
 * of src/screens/feed/feed.css.ts): a fixed layer over the app, so taking it away moves nothing.
 * The app takes it away once it shows more than a loading spinner (src/wiring/shellSkeleton.ts).
 */
export const skeletonId = 'app-skeleton';

const topBarHeight = 56;
/** On desktop the top bar holds the tabs (56 px) inside its 4 px padding. */
const desktopTopBarHeight = 56 + 2 * 4;
const bottomBarHeight = 56;
/** The feed's logo: under the top bar, after the page's 16 px padding; 48 px high. */
const pagePaddingTop = 16;
const logoHeight = 48;
/** The feed's gap between the logo and the billboard. */
const feedGap = 24;
const billboardTop = topBarHeight + pagePaddingTop + logoHeight + feedGap;
const desktopBillboardTop = desktopTopBarHeight + pagePaddingTop + logoHeight + feedGap;
/** The feed page's width (src/screens/feed/feed.css.ts). */
const feedMaxWidth = 1440;
/**
 * The app's `breakpoints.desktopLayout` (src/theme/breakpoints.ts): a desktop browser gets the desktop layout
 * only in a window at least this wide (src/domain/deviceProfile.ts isDesktopLayout). The desktop
 * skeleton carries both bars and this media query shows the one the app will draw, so the first
 * paint is right whatever the User-Agent guessed.
 */
export const skeletonDesktopMinWidth = 700;
const wide = `@media (min-width:${skeletonDesktopMinWidth}px)`;

export const skeletonStyle = [
  'html,body{margin:0;background:var(--klubb-color-background);color:var(--klubb-color-text);font-family:var(--klubb-font-body)}',
  `#${skeletonId}{position:fixed;inset:0;z-index:1001;pointer-events:none}`,
  `#${skeletonId} *{box-sizing:border-box}`,
  `.sk-top{position:absolute;top:0;left:0;right:0;display:flex;align-items:stretch;gap:8px;height:${topBarHeight}px;padding:0 16px 0 64px;background:var(--klubb-color-navigationBar)}`,
  `.sk-logo{position:absolute;top:${topBarHeight + pagePaddingTop}px;left:0;right:0;display:flex;justify-content:center;padding:0 var(--klubb-grid-margin)}`,
  `.sk-logo img{height:${logoHeight}px}`,
  // Like the app's page, a scroll container as wide as the app's (desktop: the page width inside the
  // gutters) and taller inside than itself, so a scroll bar takes the same room in both.
  `.sk-page{position:absolute;top:${billboardTop}px;left:0;right:0;bottom:0;overflow-y:auto}`,
  '.sk-page::after{content:"";display:block;height:200vh}',
  `.sk-billboard{max-width:${feedMaxWidth}px;margin:0 auto;padding:0 var(--klubb-grid-margin)}`,
  '.sk-billboard picture{display:block;max-width:var(--klubb-layout-billboardMaxWidth);margin:0 auto;aspect-ratio:3/2;overflow:hidden;border-radius:var(--klubb-radius-card) var(--klubb-radius-card) 0 0;background:var(--klubb-color-surface)}',
  '.sk-billboard img{display:block;width:100%;height:100%;object-fit:cover}',
  `.sk-bottom{position:absolute;left:0;right:0;bottom:0;display:flex;justify-content:space-around;border-top:1px solid var(--klubb-color-surface);padding-bottom:env(safe-area-inset-bottom);background:var(--klubb-color-navigationBar)}`,
  `.sk-bottom .sk-tab{flex:1 1 0;min-height:${bottomBarHeight}px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:4px;padding:6px 4px}`,
  '.sk-top .sk-tab{flex:0 0 auto;display:none;align-items:center;padding:0 16px}',
  '.sk-icon,.sk-label{display:block;background:var(--klubb-color-onNavigationBar);opacity:.15}',
  '.sk-icon{width:24px;height:24px;border-radius:50%}',
  '.sk-label{width:40px;height:10px;border-radius:5px}',
  '.sk-top .sk-label{width:64px;height:12px;border-radius:6px}',
  // The desktop layout, only in a wide window: below it the desktop skeleton is the phone's.
  `${wide}{`,
  `[data-layout=desktop] .sk-top{height:${desktopTopBarHeight}px;padding-block:4px}`,
  '[data-layout=desktop] .sk-top .sk-tab{display:flex}',
  '[data-layout=desktop] .sk-bottom{display:none}',
  `[data-layout=desktop] .sk-logo{top:${desktopTopBarHeight + pagePaddingTop}px}`,
  `[data-layout=desktop] .sk-page{top:${desktopBillboardTop}px;left:var(--klubb-layout-gutter);right:var(--klubb-layout-gutter);max-width:var(--klubb-layout-pageMaxWidth);margin-inline:auto}`,
  '}',
].join('');

export interface SkeletonBrand {
  name: string;
  logoUrl: string | null;
  tabs: number;
  /** The image of the billboard the page opens with (the home feed), drawn where the app will draw it. */
  billboard?: ImageOptions | null;
}

/** Every file the billboard's picture names: all must be same-site or http(s) URLs, or none is written. */
function billboardUrls(image: ImageOptions): string[] {
  return [image.jpeg, image.webp, image.avif ?? {}].flatMap((sources) => [sources.medium, sources.phone, sources.large]).filter((url) => url !== undefined);
}

const writable = (image: ImageOptions) => srcFor(image.jpeg, 'large') !== undefined && billboardUrls(image).every((url) => safeUrl(url) !== null);

/** The billboard's picture with the app's own attributes (src/components/Image.tsx), so the browser fetches the file once. */
function billboardMarkup(image: ImageOptions): string {
  const src = srcFor(image.jpeg, 'large');
  if (!src || !writable(image)) return '';
  const jpeg = srcSetFor(image.jpeg, 'large');
  const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : '';
  return [
    '<div class="sk-page"><div class="sk-billboard"><picture>',
    ...pictureSources(image, 'large').map(({ type, srcSet }) => `<source type="${type}" srcset="${escapeHtml(srcSet)}" sizes="${billboardImageSizes}">`),
    `<img src="${escapeHtml(src)}"${jpeg ? ` srcset="${escapeHtml(jpeg)}"` : ''} sizes="${billboardImageSizes}"${size} alt="" fetchpriority="high">`,
    '</picture></div></div>',
  ].join('');
}

/**
 * The preload of the billboard's file in the picture's first format (AVIF where there is one): in
 * the head before the app's scripts, so the image is asked for first and the skeleton paints it
 * while the scripts still load. A browser that does not decode the type skips it (no second download)
 * and finds the picture's own source in the body.
 */
export function billboardPreload(image: ImageOptions): string {
  if (!writable(image)) return '';
  const [first] = pictureSources(image, 'large');
  const srcSet = first?.srcSet ?? srcSetFor(image.jpeg, 'large');
  if (!srcSet) return '';
  const type = first ? ` type="${first.type}"` : '';
  return `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${billboardImageSizes}"${type} fetchpriority="high">`;
}

/**
 * The skeleton's markup (hidden from assistive technology: the app's own shell speaks). The desktop
 * guess carries the phone's bottom bar too, for a narrow window (skeletonStyle's media query).
 */
export function skeletonMarkup(brand: SkeletonBrand, layout: Layout): string {
  const topTabs = '<span class="sk-tab"><span class="sk-label"></span></span>'.repeat(brand.tabs);
  const bottomTabs = '<span class="sk-tab"><span class="sk-icon"></span><span class="sk-label"></span></span>'.repeat(brand.tabs);
  const logo = brand.logoUrl ? `<div class="sk-logo"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}"></div>` : '';
  return [
    `<div id="${skeletonId}" aria-hidden="true" data-layout="${layout}">`,
    `<div class="sk-top">${layout === 'desktop' ? topTabs : ''}</div>`,
    logo,
    brand.logoUrl && brand.billboard ? billboardMarkup(brand.billboard) : '',
    `<div class="sk-bottom">${bottomTabs}</div>`,
    '</div>',
  ].join('');
}
