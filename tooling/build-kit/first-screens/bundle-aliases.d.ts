// What render-first-screen.mjs imports through the aliases webpack.first-screens.cjs
// sets: the remote's copy of @samgyup/shared (and its session subpath) and its pages map.
declare module 'remote-shared' {
  export function apiAnswersMarkup(answers: Record<string, unknown>): string;
  export function forgetApiAnswer(path: string): void;
  export function rememberApiAnswers(answers: Record<string, unknown>): void;
  export function setRuntimeConfig(config: { apiBaseUrl?: string }): void;
}
declare module 'remote-shared-session' {
  export const setServerSessions: ((sessions: Record<string, unknown>) => void) | undefined;
}
declare module 'remote-package' {
  const remotePackage: { federation?: { signedInFirstScreens?: string[]; signedInQueryRouteData?: Record<string, unknown[]> } };
  export default remotePackage;
}
declare module 'remote-pages' {
  import type { ComponentType } from 'react';
  export const pages: Record<string, ComponentType>;
}
declare module 'remote-page-meta' {
  export const describePage: import('../types/page-meta').DescribePage | undefined;
}
