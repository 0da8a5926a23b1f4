/**
 * The page's event when a sign-in request leaves (the password is being checked). The app's shell
 * fetches the signed-in layout's code meanwhile (main.tsx): the server's password check takes a
 * good part of a second, and the layout is needed the moment it answers. An event, not an import:
 * the sign-in screen is a feature, and features do not import the shell.
 */
export const SIGNING_IN_EVENT = 'sys-signing-in';

export function announceSigningIn(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SIGNING_IN_EVENT));
}
