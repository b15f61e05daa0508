import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { clipboardCopyMachine } from '../../machines/clipboardCopy.machine.ts';

export type ClipboardRef = ActorRefFrom<typeof clipboardCopyMachine>;

/** The copy buttons' view: which code the last copy was about and how it went. */
export function connectClipboard(snapshot: SnapshotFrom<typeof clipboardCopyMachine>, ref: ClipboardRef) {
  const { text, result } = snapshot.context;
  return {
    copied: snapshot.matches('copied') ? text : null,
    failed: snapshot.matches('failed') ? text : null,
    failure: snapshot.matches('failed') ? (result?.message ?? '') : null,
    copy: (code: string) => ref.send({ type: 'clipboard.copy', text: code }),
  };
}

export type ClipboardView = ReturnType<typeof connectClipboard>;
