/** What the auth route table gives the auth screens' wiring besides the services. */
export interface AuthRouteDeps {
  /** Replaces the current auth page by the sign-in page. */
  goToSignIn: () => void;
}
