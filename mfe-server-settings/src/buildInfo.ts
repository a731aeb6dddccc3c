declare const __REMOTE_BUILD__: string | undefined;

/** '{remote}@{version}' of this build, set by the build; pages carry it so tests see which code runs. */
export const REMOTE_BUILD: string = typeof __REMOTE_BUILD__ === 'string' ? __REMOTE_BUILD__ : 'unbuilt';
