/** Saves text as a file through the browser's download (an object URL on a clicked link). */
export function downloadTextFile(filename: string, text: string, type: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
