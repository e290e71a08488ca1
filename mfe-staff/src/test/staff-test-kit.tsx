import { rememberApiAnswers } from '@samgyup/shared';
import { setServerSessions } from '@samgyup/shared/session';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { staffSessionStore } from '../session/staff-session';

export { fakeApi, reply, setUpApiForTests } from '@samgyup/shared/testing';

// jsdom has <dialog> without its modal methods: open and close it as a browser would (the close event included).
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
  this.querySelector<HTMLElement>('[autofocus]')?.focus();
};
// jsdom lays nothing out: scrolling into view does nothing there.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.open) return;
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

const staffLogin = (role: 'staff' | 'admin') => ({ token: 'staff-token', staff: { id: 7, name: 'Lea Santos', email: 'lea@samgyup.test', role } });

export function signInStaff(role: 'staff' | 'admin' = 'staff') {
  staffSessionStore.signIn(staffLogin(role));
}

function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page{location.search}
    </p>
  );
}

/** Renders a console page at `entry`, with the login and other routes as markers. */
export function renderStaffPage(path: string, entry: string, Page: ComponentType, others: string[] = ['/staff/login']) {
  const router = createMemoryRouter([{ path, element: <Page /> }, ...others.map((other) => ({ path: other, element: <Landed name={other} /> }))], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The Authorization header a fake API call carried. */
export const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

/** The screen `Page` at `entry` as the site's server draws it (with the logins setServerSessions gave, and the remembered answers). */
export function drawOnServer(entry: string, Page: ComponentType): string {
  return renderToString(
    <MemoryRouter initialEntries={[entry]}>
      <Page />
    </MemoryRouter>,
  );
}

/** The screen `Page` at `entry` as the site's server draws it for a tablet logged in as `role`, with the API's `answers` to its reads. */
export function drawForSignedInTablet(entry: string, Page: ComponentType, answers: Record<string, unknown>, role: 'staff' | 'admin' = 'staff'): string {
  setServerSessions({ staffSession: staffLogin(role) });
  rememberApiAnswers(answers);
  try {
    return drawOnServer(entry, Page);
  } finally {
    setServerSessions({});
  }
}

/**
 * What a screen drawn on the site's server must be (docs/adr/0006-signed-in-first-screens.md): at least `controls`
 * controls, each disabled until the script runs, and no style attribute (the pages' CSP blocks them).
 */
export function expectDrawnForTheScript(html: string, controls: number) {
  const found = html.match(/<(input|button|select|textarea)\b[^>]*>/g) ?? [];
  expect(found.length).toBeGreaterThanOrEqual(controls);
  for (const control of found) expect(control).toMatch(/\sdisabled=""/);
  expect(html).not.toMatch(/\sstyle="/);
}
