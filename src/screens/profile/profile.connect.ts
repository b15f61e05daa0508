import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { profileMachine } from '../../../machines/profile.machine.ts';
import { firstProfileError, type ProfileField } from '../../../domain/profileForm.ts';

export type ProfileRef = ActorRefFrom<typeof profileMachine>;
type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/** The message under the save button: success, nothing to send, or the server's error. */
export type ProfileNotice = 'saved' | 'unchanged' | 'failed' | null;

function noticeOf(snapshot: ProfileSnapshot): ProfileNotice {
  if (snapshot.matches({ editing: 'saved' })) return 'saved';
  if (snapshot.matches({ editing: 'unchanged' })) return 'unchanged';
  if (snapshot.matches({ editing: 'failed' })) return 'failed';
  return null;
}

/** Turns the profile's snapshot into view values and intent functions. */
export function connectProfile(snapshot: ProfileSnapshot, ref: ProfileRef) {
  const { form, fieldErrors, user, error } = snapshot.context;
  const sending = snapshot.matches('saving') || snapshot.matches({ confirmingPassword: 'saving' }) || snapshot.matches({ confirmingPassword: 'signingInAgain' });
  return {
    form,
    fieldErrors,
    ssn: user.ssn,
    notice: noticeOf(snapshot),
    /** The first field the server refused, to move focus to once its answer arrives. */
    refusedField: snapshot.matches({ editing: 'refused' }) ? firstProfileError(fieldErrors) : null,
    errorCode: error?.code ?? null,
    busy: sending,
    /** The current-password dialog's machine while the profile asks for the password. */
    currentPassword: snapshot.children.currentPassword ?? null,
    /** Why the password is asked: a credentials change, or a delete that needs a recent sign-in. */
    passwordPurpose: snapshot.matches('renewingSignIn') ? ('delete' as const) : ('credentials' as const),
    deleteDialogOpen: snapshot.matches('confirmingDelete') || snapshot.matches('deleting') || snapshot.matches('deleted'),
    deleting: snapshot.matches('deleting') || snapshot.matches('deleted'),
    deleteFailed: snapshot.matches({ confirmingDelete: 'failed' }),
    change: (field: ProfileField) => (value: string) => ref.send({ type: 'profile.fieldChanged', field, value }),
    /** Sends the form; answers the first field the machine refused, if any. */
    save: (): ProfileField | null => {
      ref.send({ type: 'profile.save' });
      return firstProfileError(ref.getSnapshot().context.fieldErrors);
    },
    /** Closing the dialog (Escape, backdrop) cancels like its Cancel button. */
    cancelCurrentPassword: () => snapshot.children.currentPassword?.send({ type: 'currentPassword.cancel' }),
    requestDelete: () => ref.send({ type: 'profile.deleteRequested' }),
    confirmDelete: () => ref.send({ type: 'profile.deleteConfirmed' }),
    cancelDelete: () => ref.send({ type: 'profile.deleteCancelled' }),
  };
}

export type ProfileView = ReturnType<typeof connectProfile>;
