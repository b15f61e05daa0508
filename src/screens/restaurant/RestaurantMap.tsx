/// <reference types="google.maps" />
import { useEffect, useRef, type RefObject } from 'react';
import type { Restaurant, RestaurantMapSettings } from '../../../contract/restaurant.ts';
import type { MapsLibrary } from '../../../machines/mapsLibrary.machine.ts';
import { createMap, focusOn, placeMarkers, restaurantZoom } from './googleMap.ts';

interface RestaurantMapProps {
  library: MapsLibrary;
  settings: RestaurantMapSettings;
  restaurants: Restaurant[];
  /** The accessible name of the map's region. */
  label: string;
  className?: string;
  /** The guide's map: a tap on a marker selects its restaurant, which the map then shows at zoom 15 or closer. */
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** A restaurant's page: the map centred on it at zoom 15, its marker not tappable. */
  centreOn?: Restaurant;
  /** Gets the map's region, which takes focus (tabIndex -1): a closed panel gives focus back to it. */
  regionRef?: RefObject<HTMLDivElement | null>;
}

/**
 * The Google map with the restaurants' markers. The one view that touches the Maps API: it
 * creates the map and markers when the library is there and takes the markers off when it goes.
 */
export function RestaurantMap({ library, settings, restaurants, label, className, selectedId = null, onSelect, centreOn, regionRef }: RestaurantMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<google.maps.Map | null>(null);
  // The latest handler, so the markers need not be made again when the view re-renders.
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!element.current) return;
    const at = centreOn ? { center: centreOn, zoom: restaurantZoom } : undefined;
    map.current ??= createMap(library, element.current, settings, at);
    return placeMarkers(library, map.current, restaurants, settings.mapId, onSelect ? (id) => select.current?.(id) : undefined);
  }, [library, settings, restaurants, centreOn, Boolean(onSelect)]);

  useEffect(() => {
    const restaurant = restaurants.find((r) => r.id === selectedId);
    if (map.current && restaurant) focusOn(map.current, restaurant);
  }, [selectedId, restaurants]);

  return (
    <div
      ref={(node) => {
        element.current = node;
        if (regionRef) regionRef.current = node;
      }}
      className={className}
      role="region"
      aria-label={label}
      tabIndex={-1}
      data-testid="restaurant-map"
    />
  );
}
