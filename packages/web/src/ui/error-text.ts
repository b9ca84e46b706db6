/**
 * A failed request as a player reads it: the server's own message (it says what was wrong), or for a
 * request that never reached the server, words instead of the browser's "Failed to fetch".
 */
import type { T } from '../i18n/i18n.js';

export function errorText(t: T, error: { readonly code: string; readonly message: string }): string {
  return error.code === 'net.offline' ? t('common.offline') : error.message;
}
