/** `node:url` for the bots in the browser (vite.config.ts aliases it): a file URL's path, as on Node. */
export function fileURLToPath(url: string | URL): string {
  return decodeURIComponent(new URL(url).pathname);
}
