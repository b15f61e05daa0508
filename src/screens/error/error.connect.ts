import type { AppRef, AppSnapshot } from '../../appActor.ts';

/** The error phase's view values and its one intent. */
export function connectError(snapshot: AppSnapshot, app: AppRef) {
  const { error, member, sessionUser } = snapshot.context;
  return {
    code: error?.code ?? 'unknown',
    status: error?.status ?? 0,
    /** Before the member has loaded only the uid is known; customer service can still find the account. */
    sender: member ? member.user : sessionUser ? { id: sessionUser.uid, firstName: '', lastName: '' } : null,
    canRetry: snapshot.can({ type: 'app.retry' }),
    retry: () => app.send({ type: 'app.retry' }),
  };
}
