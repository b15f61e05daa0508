import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { profileMachine } from '../../../machines/profile.machine.ts';
import { needsCurrentPassword, type ProfileField } from '../../domain/profileForm.ts';

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
  return {
    form,
    fieldErrors,
    ssn: user.ssn,
    notice: noticeOf(snapshot),
    errorCode: error?.code ?? null,
    busy: sending,
    passwordDialogOpen: askingPassword,
    currentPassword,
    currentPasswordMissing: snapshot.matches({ confirmingPassword: 'missing' }),
    currentPasswordRefused: snapshot.matches({ confirmingPassword: 'refused' }),
    deleteDialogOpen: snapshot.matches('confirmingDelete') || snapshot.matches('deleting') || snapshot.matches('deleted'),
    deleting: snapshot.matches('deleting') || snapshot.matches('deleted'),
    deleteFailed: snapshot.matches({ confirmingDelete: 'failed' }),
    change: (field: ProfileField) => (value: string) => ref.send({ type: 'profile.fieldChanged', field, value }),
    save: () => ref.send({ type: 'profile.save' }),
    setCurrentPassword: (value: string) => ref.send({ type: 'profile.currentPasswordChanged', value }),
    confirmCurrentPassword: () => ref.send({ type: 'profile.currentPasswordConfirmed' }),
    cancelCurrentPassword: () => ref.send({ type: 'profile.currentPasswordCancelled' }),
    requestDelete: () => ref.send({ type: 'profile.deleteRequested' }),
    confirmDelete: () => ref.send({ type: 'profile.deleteConfirmed' }),
    cancelDelete: () => ref.send({ type: 'profile.deleteCancelled' }),
  };
}

export type ProfileView = ReturnType<typeof connectProfile>;
