/**
 * Full page loads go through this object so tests can observe them (jsdom cannot navigate).
 * A full load is right after a sign-in or sign-out: every cached byte of the old session goes.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
