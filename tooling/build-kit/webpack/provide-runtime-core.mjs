// Federation runtime plugin of the shell: hands the shell's runtime core to the
// remotes (built with `experiments.externalRuntime`), so the page downloads and
// runs one runtime instead of one per remote. It imports the very module the
// shell's own runtime uses; the upstream plugin imports another build of it and
// would ship the runtime twice.
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideRuntimeCore() {
  return {
    name: 'samgyup-provide-runtime-core',
    /** @param {{ options: { name: string } }} args */
    beforeInit(args) {
      const global = /** @type {Record<string, unknown> | undefined} */ (runtimeCore.Global);
      if (global && typeof global === 'object' && !global._FEDERATION_RUNTIME_CORE) {
        global._FEDERATION_RUNTIME_CORE = runtimeCore;
        global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name };
      }
      return args;
    },
  };
}
