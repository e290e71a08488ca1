// The remote's exposed page as the host imports it: the federation runtime resolves the name
// (build-and-serve.mjs's ModuleFederationPlugin), the type is the module's own.
declare module 'reference_remote/page' {
  export const ReferenceRemotePage: typeof import('./federation-remote-page.mjs').ReferenceRemotePage;
}
