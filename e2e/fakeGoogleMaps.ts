import type { Page } from '@playwright/test';

/**
 * Stands in for Google's Maps JavaScript API, which these machines cannot reach: the app's loader
 * asks https://maps.googleapis.com/maps/api/js for its script as it would in production, and gets
 * this one, which defines `google.maps.importLibrary` and calls the loader's callback, as Google's
 * does. Its map is a box that records centre and zoom (`data-zoom`); its markers are buttons titled
 * with the restaurant's name, as Google titles them, drawn with the app's 33×33 icon.
 */
function fakeMapsScript() {
  type Listener = () => void;
  type Place = { lat: number; lng: number };
  const maps = (window as unknown as { google: { maps: Record<string, unknown> } }).google.maps;

  class Size {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
  }

  class FakeMap {
    readonly layer = document.createElement('div');
    private zoom: number;
    constructor(
      readonly element: HTMLElement,
      options: { center: Place; zoom: number },
    ) {
      this.zoom = options.zoom;
      this.element.dataset.zoom = String(options.zoom);
      this.panTo(options.center);
      this.element.append(this.layer);
    }
    getZoom() {
      return this.zoom;
    }
    setZoom(zoom: number) {
      this.zoom = zoom;
      this.element.dataset.zoom = String(zoom);
    }
    panTo(center: Place) {
      this.element.dataset.center = `${center.lat.toFixed(4)},${center.lng.toFixed(4)}`;
    }
  }

  class Marker {
    private readonly button = document.createElement('button');
    private readonly listeners: Listener[] = [];
    constructor(options: { map: FakeMap; title: string; icon?: { url: string; scaledSize: Size }; content?: HTMLElement }) {
      this.button.type = 'button';
      this.button.title = options.title;
      this.button.setAttribute('aria-label', options.title);
      if (options.icon) {
        const image = document.createElement('img');
        image.src = options.icon.url;
        image.alt = '';
        image.width = options.icon.scaledSize.width;
        image.height = options.icon.scaledSize.height;
        this.button.append(image);
      } else if (options.content) this.button.append(options.content);
      this.button.addEventListener('click', () => this.listeners.forEach((listener) => listener()));
      options.map.layer.append(this.button);
    }
    addListener(_event: string, listener: Listener) {
      this.listeners.push(listener);
      return { remove: () => this.listeners.splice(this.listeners.indexOf(listener), 1) };
    }
    addEventListener(event: string, listener: Listener) {
      this.addListener(event, listener);
    }
    setMap(map: FakeMap | null) {
      if (map === null) this.button.remove();
    }
    set map(map: FakeMap | null) {
      this.setMap(map);
    }
  }

  const libraries: Record<string, unknown> = {
    core: { Size },
    maps: { Map: FakeMap },
    marker: { Marker, AdvancedMarkerElement: Marker },
  };
  maps.importLibrary = async (name: string) => libraries[name];
  (maps.__ib__ as () => void)();
}

/** Serves the stand-in for Google's maps script to `page` (the server's CSP must allow Google's hosts: a maps key is set). */
export async function serveFakeGoogleMaps(page: Page) {
  await page.route('https://maps.googleapis.com/maps/api/js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: `(${fakeMapsScript.toString()})();` }),
  );
}
