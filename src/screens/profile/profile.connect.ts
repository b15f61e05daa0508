import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { profileMachine } from '../../../machines/profile.machine.ts';
import { firstProfileError, needsCurrentPassword, type ProfileField } from '../../domain/profileForm.ts';

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
  const { form, fieldErrors, user, changes, currentPassword, error } = snapshot.context;
  const sending = snapshot.matches('saving') || snapshot.matches('signingInAgain');
  // The dialog stays up while the save it confirmed runs, so a refused password shows in it.
  const askingPassword = snapshot.matches('confirmingPassword') || (sending && needsCurrentPassword(changes));
  // The same dialog renews an old sign-in before the account is deleted; it stays up until the retry is answered.
  const renewingToDelete = snapshot.matches('signingInToDelete') || snapshot.matches('deletingAgain');
  const askingToDelete = snapshot.matches('confirmingDeletePassword') || renewingToDelete;
  return {
    form,
    fieldErrors,
    ssn: user.ssn,
    notice: noticeOf(snapshot),
    /** The first field the server refused, to move focus to once its answer arrives. */
    refusedField: snapshot.matches({ editing: 'refused' }) ? firstProfileError(fieldErrors) : null,
    errorCode: error?.code ?? null,
    busy: sending,
    passwordDialogOpen: askingPassword || askingToDelete,
    /** Why the password is asked: a credentials change, or a delete that needs a recent sign-in. */
    passwordPurpose: askingToDelete ? ('delete' as const) : ('credentials' as const),
    passwordBusy: sending || renewingToDelete,
    currentPassword,
    currentPasswordMissing: snapshot.matches({ confirmingPassword: 'missing' }) || snapshot.matches({ confirmingDeletePassword: 'missing' }),
    currentPasswordRefused: snapshot.matches({ confirmingPassword: 'refused' }) || snapshot.matches({ confirmingDeletePassword: 'refused' }),
    deleteDialogOpen: snapshot.matches('confirmingDelete') || snapshot.matches('deleting') || snapshot.matches('deleted'),
    deleting: snapshot.matches('deleting') || snapshot.matches('deleted'),
    deleteFailed: snapshot.matches({ confirmingDelete: 'failed' }),
    change: (field: ProfileField) => (value: string) => ref.send({ type: 'profile.fieldChanged', field, value }),
    /** Sends the form; answers the first field the machine refused, if any. */
    save: (): ProfileField | null => {
      ref.send({ type: 'profile.save' });
      return firstProfileError(ref.getSnapshot().context.fieldErrors);
    },
    setCurrentPassword: (value: string) => ref.send({ type: 'profile.currentPasswordChanged', value }),
    confirmCurrentPassword: () => ref.send({ type: 'profile.currentPasswordConfirmed' }),
    cancelCurrentPassword: () => ref.send({ type: 'profile.currentPasswordCancelled' }),
    requestDelete: () => ref.send({ type: 'profile.deleteRequested' }),
    confirmDelete: () => ref.send({ type: 'profile.deleteConfirmed' }),
    cancelDelete: () => ref.send({ type: 'profile.deleteCancelled' }),
  };
}

export type ProfileView = ReturnType<typeof connectProfile>;
