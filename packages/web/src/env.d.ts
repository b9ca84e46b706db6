/// <reference types="vite-plugin-pwa/preact" />

/** The app's version (vite.config.ts: the package's, or the deployment's `ATTILA_VERSION`). */
declare const __ATTILA_VERSION__: string;
