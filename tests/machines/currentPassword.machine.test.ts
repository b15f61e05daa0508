import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyEventObject } from 'xstate';
import { currentPasswordMachine } from '../../machines/currentPassword.machine.ts';

/** The dialog invoked by a parent that records what it is told, as the profile invokes it. */
function startDialog() {
  const told: AnyEventObject[] = [];
  const parent = setup({ actors: { currentPassword: currentPasswordMachine } }).createMachine({
    invoke: { id: 'currentPassword', src: 'currentPassword', onDone: '.closed' },
    on: { '*': { actions: ({ event }) => told.push(event) } },
    initial: 'open',
    states: { open: {}, closed: {} },
  });
  const actor = createActor(parent).start();
  const dialog = () => {
    const ref = actor.getSnapshot().children.currentPassword;
    if (!ref) throw new Error('dialog closed');
    return ref as ReturnType<typeof createActor<typeof currentPasswordMachine>>;
  };
  return { actor, dialog, told };
}

describe('current-password dialog', () => {
  it('an empty password is not confirmed: the dialog says it is missing and tells the parent nothing', () => {
    const { dialog, told } = startDialog();
    dialog().send({ type: 'currentPassword.confirm' });
    expect(dialog().getSnapshot().matches({ editing: 'missing' })).toBe(true);
    expect(told).toEqual([]);
  });

  it('tells the parent the confirmed password and waits read-only for its answer', () => {
    const { dialog, told } = startDialog();
    dialog().send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog().send({ type: 'currentPassword.confirm' });
    expect(told).toEqual([{ type: 'currentPassword.confirmed', password: 'Password1' }]);
    expect(dialog().getSnapshot().hasTag('busy')).toBe(true);
    // While the parent uses the password, typing, confirming again and cancelling do nothing.
    dialog().send({ type: 'currentPassword.changed', value: 'Other' });
    dialog().send({ type: 'currentPassword.confirm' });
    dialog().send({ type: 'currentPassword.cancel' });
    expect(dialog().getSnapshot().context.password).toBe('Password1');
    expect(told).toHaveLength(1);
  });

  it('a refusal from the parent empties the field, keeps the reason, and the next edit clears it', () => {
    const { dialog } = startDialog();
    dialog().send({ type: 'currentPassword.changed', value: 'Wrong1234' });
    dialog().send({ type: 'currentPassword.confirm' });
    dialog().send({ type: 'currentPassword.refused', code: 'auth/wrong-password' });
    expect(dialog().getSnapshot().matches({ editing: 'refused' })).toBe(true);
    expect(dialog().getSnapshot().context).toEqual({ password: '', refusal: { code: 'auth/wrong-password' } });
    dialog().send({ type: 'currentPassword.changed', value: 'P' });
    expect(dialog().getSnapshot().matches({ editing: 'asking' })).toBe(true);
    expect(dialog().getSnapshot().context.refusal).toBeNull();
  });

  it('a refusal while not confirming is ignored', () => {
    const { dialog } = startDialog();
    dialog().send({ type: 'currentPassword.refused', code: 'auth/wrong-password' });
    expect(dialog().getSnapshot().matches({ editing: 'asking' })).toBe(true);
  });

  it('cancel ends the dialog, and the parent sees it done', () => {
    const { actor, dialog, told } = startDialog();
    dialog().send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog().send({ type: 'currentPassword.cancel' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(told.filter((e) => e.type === 'currentPassword.confirmed')).toEqual([]);
  });
});
