import type { ImageOptions } from '../../contract/common.ts';
import type { Static } from 'typebox';

type Image = Static<typeof ImageOptions>;

/**
 * The API answers media as root-relative paths (/media/...), which live beside the API.
 * When the API runs on another origin they must point there, not at the app's origin.
 */
export function mediaUrl(apiBase: string, url: string): string {
  return apiBase && url.startsWith('/') && !url.startsWith('//') ? `${apiBase}${url}` : url;
}

const sources = (apiBase: string, map: Image['jpeg']): Image['jpeg'] =>
  Object.fromEntries(Object.entries(map).map(([size, url]) => [size, url && mediaUrl(apiBase, url)]));

/** One image's files, pointed at the API's origin. */
export function imageWithMediaBase(apiBase: string, image: Image): Image {
  return apiBase ? { ...image, jpeg: sources(apiBase, image.jpeg), webp: sources(apiBase, image.webp) } : image;
}

export function withMediaBase<T extends { puffImage: Image }>(apiBase: string, item: T): T {
  return apiBase ? { ...item, puffImage: imageWithMediaBase(apiBase, item.puffImage) } : item;
}
