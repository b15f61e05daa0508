import type { AppRef, AppSnapshot } from '../../appActor.ts';

/** A signed-out visitor browses the brand's public offers (machines/app.machine.ts, content.visitor). */
export const isVisitor = (snapshot: AppSnapshot): boolean => snapshot.matches({ content: 'visitor' });

/** The visitor's way to sign in, as view values and intents of the app actor. */
export function connectVisitor(snapshot: AppSnapshot, app: AppRef) {
  return {
    visitor: isVisitor(snapshot),
    /** The sign-in dialog shows over the page while signing in and while the member loads. */
    dialogOpen: snapshot.matches({ content: { visitor: 'signingIn' } }) || snapshot.matches({ content: { visitor: 'loadingMember' } }),
    loadingMember: snapshot.matches({ content: { visitor: 'loadingMember' } }),
    signIn: () => app.send({ type: 'app.signInWanted' }),
    dismiss: () => app.send({ type: 'app.signInDismissed' }),
    createAccount: () => app.send({ type: 'app.authScreenWanted', screen: 'createAccount' }),
    forgotPassword: () => app.send({ type: 'app.authScreenWanted', screen: 'forgotPassword' }),
  };
}

export type VisitorView = ReturnType<typeof connectVisitor>;
