// Module Federation runtime plugin of the host: puts the host's own runtime-core on the page, where
// a released remote's entry (built with experiments.externalRuntime) takes it instead of carrying a
// copy. The same ESM module the host's bundler runtime uses, so the page holds one runtime.
import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime-core';

declare global {
  var _FEDERATION_RUNTIME_CORE: typeof runtimeCore | undefined;
}

export default function shareRuntimeCore(): ModuleFederationRuntimePlugin {
  return {
    name: 'dockhand-share-runtime-core',
    beforeInit(args) {
      globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}
