/** The map a phone shows when the brand set no view: about 320 × 480 CSS pixels of 256-pixel tiles. */
const viewPx = { width: 320, height: 480, tile: 256 };

export interface MapView {
  center_lat: number;
  center_lng: number;
  zoom: number;
}

/** With no restaurant to show, the whole world. */
export const worldView: MapView = { center_lat: 0, center_lng: 0, zoom: 2 };

/**
 * The centre and the largest zoom (at most `maxZoom`) at which a phone's map shows every point
 * of the box: at zoom z the world is tile·2^z pixels wide, and Web Mercator stretches a degree
 * of latitude by 1/cos(latitude).
 */
export function viewOfBounds(bounds: { south: number; north: number; west: number; east: number }, maxZoom = 13): MapView {
  const center_lat = (bounds.south + bounds.north) / 2;
  const center_lng = (bounds.west + bounds.east) / 2;
  const lngSpan = bounds.east - bounds.west;
  const latSpan = (bounds.north - bounds.south) / Math.cos((center_lat * Math.PI) / 180);
  const fits = (span: number, px: number) => (span > 0 ? Math.log2((px * 360) / (viewPx.tile * span)) : Infinity);
  const zoom = Math.floor(Math.min(fits(lngSpan, viewPx.width), fits(latSpan, viewPx.height), maxZoom));
  return { center_lat, center_lng, zoom: Math.max(1, zoom) };
}
