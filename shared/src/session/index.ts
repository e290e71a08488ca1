// `@samgyup/shared/session`: the session store itself, for a part that keeps a
// login of its own (the staff console). Bundled into that part, like the other
// subpaths, so it is no export of the shared singleton (docs/shared-contract.md).
export { createSessionStore, setServerSessions, type SessionEndReason } from './create-session-store';
export { sessionCookieName } from './session-cookie';
