import type { ClipboardResult } from '../../machines/clipboardCopy.machine.ts';

/**
 * Copies text to the system clipboard with the spec's result (section 8): status true with
 * 'Successfully copied to clipboard' followed by the text, or status false with the error's message.
 */
export async function copyToClipboard(text: string, clipboard: Pick<Clipboard, 'writeText'> | undefined = navigator.clipboard): Promise<ClipboardResult> {
  try {
    // Undefined outside a secure context (plain http on another host than localhost).
    if (!clipboard) throw new Error('The clipboard is not available on this page');
    await clipboard.writeText(text);
    return { status: true, message: `Successfully copied to clipboard ${text}` };
  } catch (error) {
    // DOMException (a refused permission) is an Error in browsers, but not everywhere: read its message either way.
    const message = (error as { message?: unknown } | null)?.message;
    return { status: false, message: typeof message === 'string' ? message : String(error) };
  }
}
