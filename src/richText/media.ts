import { isRecord, ownValue, type UnknownRecord } from './record.ts';
import type { MediaElement } from './types.ts';

/** Where an unparseable ratio is told (spec 5: logged, and the box is square). */
export type RatioLog = (message: string, ratio: unknown) => void;

const defaultLog: RatioLog = (message, ratio) => console.error(message, ratio);

/**
 * A ratio string 'width/height' as the box's height in percent of its width (spec 5): '16/9' is
 * 56.25, '4/3' 75. Anything that is not two positive numbers gives 100 (a square) and is logged.
 */
export function ratioPercent(ratio: unknown, log: RatioLog = defaultLog): number {
  const parts = typeof ratio === 'string' ? ratio.split('/').map((part) => part.trim()) : [];
  const [width, height] = parts.map((part) => (/^\d+(\.\d+)?$/.test(part) ? Number(part) : NaN));
  if (parts.length !== 2 || !(width! > 0) || !(height! > 0)) {
    log('Unparseable aspect ratio in rich content; shown square', ratio);
    return 100;
  }
  return Math.round((height! / width!) * 100 * 100) / 100;
}

/** Images in rich content load over https or from the app's own media paths only. */
function imageSource(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * An atomic block holding an image (its entity's data: src, alt, ratio) as a media element, its
 * box as tall as the ratio says; null for any other block, which stays text.
 */
export function mediaOf(block: UnknownRecord, entityMap: UnknownRecord, log?: RatioLog): MediaElement | null {
  if (block.type !== 'atomic' || !Array.isArray(block.entityRanges)) return null;
  const range = block.entityRanges.find(isRecord);
  const key = range?.key;
  if (typeof key !== 'string' && typeof key !== 'number') return null;
  const entity = ownValue(entityMap, String(key));
  if (!isRecord(entity) || typeof entity.type !== 'string' || entity.type.toUpperCase() !== 'IMAGE' || !isRecord(entity.data)) return null;
  const src = imageSource(entity.data.src);
  if (!src) return null;
  const alt = typeof entity.data.alt === 'string' ? entity.data.alt : '';
  // No ratio given: the image keeps its own shape; a given one must parse.
  const ratio = entity.data.ratio === undefined ? null : ratioPercent(entity.data.ratio, log);
  return { type: 'media', src, alt, ratioPercent: ratio, children: [{ text: '' }] };
}
