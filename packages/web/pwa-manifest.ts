/**
 * The web app manifest: what a phone needs to install Attila as an app (name, icons, colours, start page).
 * Relative URLs: the app is served from wherever its index.html is (vite `base: './'`).
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

export const webAppManifest: Partial<ManifestOptions> = {
  id: './',
  name: 'Attila — Tribes and Knights',
  short_name: 'Attila',
  description:
    'The two board games called Attila: Tribes and Knights. Play on one device, against bots or online.',
  lang: 'en',
  start_url: './',
  scope: './',
  display: 'standalone',
  orientation: 'any',
  background_color: '#f4ead5',
  theme_color: '#3b2a1a',
  categories: ['games'],
  icons: [
    { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
};
