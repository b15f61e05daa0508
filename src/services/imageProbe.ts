/** Loads an image and answers its natural size; rejects when it does not load. */
export function loadImage(url: string, doc: Document = document): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = doc.createElement('img');
    // In the document (hidden), so the request belongs to the page like any image the app shows.
    image.hidden = true;
    image.alt = '';
    const done = () => image.remove();
    image.onload = () => (done(), resolve({ width: image.naturalWidth, height: image.naturalHeight }));
    image.onerror = () => (done(), reject(new Error(`The image did not load: ${url}`)));
    image.src = url;
    doc.body.append(image);
  });
}

/**
 * The test page's fake https image: the brand's logo at an https address on the app's own host,
 * whatever the page was served over. A native container serves or intercepts it; a plain
 * browser on http shows that it cannot load.
 */
export function fakeHttpsImageUrl(logoUrl: string, origin: string): string {
  const url = new URL(logoUrl, origin);
  url.protocol = 'https:';
  url.host = new URL(origin).host;
  return url.href;
}
