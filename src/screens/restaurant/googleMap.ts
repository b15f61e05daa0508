/// <reference types="google.maps" />
import type { Restaurant, RestaurantMapSettings } from '../../../contract/restaurant.ts';
import type { MapsLibrary } from '../../../machines/mapsLibrary.machine.ts';
import { vars } from '../../theme/index.ts';
import { moreIcons } from '../more/moreIcons.ts';

/** Spec 2.3: markers are 33×33. */
export const markerSize = 33;

/** Spec 9: a tapped marker shows at zoom 15 at least; a restaurant's page shows its map at 15. */
export const restaurantZoom = 15;

type Place = Pick<Restaurant, 'lat' | 'lng'>;

/** A map in `element` as the role's settings say: centre and zoom (or a place's), controls, and the map id when there is one. */
export function createMap(library: MapsLibrary, element: HTMLElement, settings: RestaurantMapSettings, at?: { center: Place; zoom: number }) {
  return new library.maps.Map(element, {
    center: at ? { lat: at.center.lat, lng: at.center.lng } : { lat: settings.center_lat, lng: settings.center_lng },
    zoom: at?.zoom ?? settings.zoom,
    zoomControl: settings.zoomControl,
    mapTypeControl: settings.mapTypeControl,
    streetViewControl: settings.streetViewControl,
    fullscreenControl: settings.fullscreenControl,
    clickableIcons: false,
    ...(settings.mapId ? { mapId: settings.mapId } : {}),
  });
}

const fallbackColour = '#1f4e79';

/** A colour for the marker: the value when the browser reads it as a CSS colour, else the fallback (the brand's theme is data, not markup). */
export function markerColour(value: string | null | undefined): string {
  return value && globalThis.CSS?.supports?.('color', value) ? value : fallbackColour;
}

/** The brand's primary colour as the page has it (a data-URL icon cannot read CSS variables). */
function primaryColour(): string {
  const name = /var\((--[^),]+)/.exec(vars.color.primary)?.[1];
  return markerColour(name && globalThis.getComputedStyle?.(document.documentElement).getPropertyValue(name).trim());
}

const svgNs = 'http://www.w3.org/2000/svg';

function svgChild(parent: Element, tag: string, attributes: Record<string, string>) {
  const element = document.createElementNS(svgNs, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  parent.appendChild(element);
}

/** The 33×33 round pin, built as elements (attribute values are never read as markup). */
export function markerSvg(colour: string): SVGSVGElement {
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `0 0 ${markerSize} ${markerSize}`);
  svg.setAttribute('width', String(markerSize));
  svg.setAttribute('height', String(markerSize));
  svgChild(svg, 'circle', { cx: '16.5', cy: '16.5', r: '15.5', fill: markerColour(colour), stroke: '#fff', 'stroke-width': '2' });
  svgChild(svg, 'path', { transform: 'translate(6.5 6.5) scale(0.8333)', fill: '#fff', d: moreIcons.restaurant });
  return svg;
}

/** An advanced marker's content: a 33×33 round pin. */
function markerElement(colour: string): HTMLElement {
  const element = document.createElement('div');
  element.style.width = `${markerSize}px`;
  element.style.height = `${markerSize}px`;
  element.style.cursor = 'pointer';
  element.appendChild(markerSvg(colour));
  return element;
}

/**
 * One 33×33 marker per restaurant, titled with its name: advanced markers when the map has a map
 * id (they need one), else classic markers with a scaled icon. With `onSelect` a marker can be
 * tapped (and reached by keyboard). Returns what takes them off the map.
 */
export function placeMarkers(library: MapsLibrary, map: google.maps.Map, restaurants: Restaurant[], mapId: string | null, onSelect?: (id: string) => void) {
  const colour = primaryColour();
  const removals = restaurants.map((restaurant) => {
    const position = { lat: restaurant.lat, lng: restaurant.lng };
    if (mapId) {
      const marker = new library.marker.AdvancedMarkerElement({
        map,
        position,
        title: restaurant.name,
        content: markerElement(colour),
        gmpClickable: Boolean(onSelect),
      });
      if (onSelect) marker.addEventListener('gmp-click', () => onSelect(restaurant.id));
      return () => void (marker.map = null);
    }
    const marker = new library.marker.Marker({
      map,
      position,
      title: restaurant.name,
      clickable: Boolean(onSelect),
      icon: {
        url: `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(new XMLSerializer().serializeToString(markerSvg(colour)))}`,
        scaledSize: new library.core.Size(markerSize, markerSize),
      },
    });
    const listener = onSelect ? marker.addListener('click', () => onSelect(restaurant.id)) : null;
    return () => {
      listener?.remove();
      marker.setMap(null);
    };
  });
  return () => removals.forEach((remove) => remove());
}

/** Brings a tapped restaurant into view: centred, at zoom 15 or closer (spec 9). */
export function focusOn(map: google.maps.Map, place: Place) {
  map.panTo({ lat: place.lat, lng: place.lng });
  map.setZoom(Math.max(map.getZoom() ?? 0, restaurantZoom));
}
