// The remote a dev host serves, as webpack aliases it (create-webpack-config.cjs).
declare module 'samgyup-remote-pages' {
  import type { RemotePagesModule } from '@samgyup/shared';
  export const pages: RemotePagesModule['pages'];
}

declare module 'samgyup-remote-package' {
  const remotePackage: { federation: { label: string } };
  export default remotePackage;
}
