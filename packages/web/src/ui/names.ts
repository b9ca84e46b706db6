/** How players and bots are named on screen. */
import type { T } from '../i18n/i18n.js';

/** A bot's translated name (`medium` → "Medium"), or its own name when the app has no translation for it. */
export function botName(t: T, bot: string): string {
  const key = `bots.${bot.replace(/[^a-z0-9]/gi, '_')}`;
  const label = t(key);
  return label === key ? bot : label;
}

/** Two seats with the same name (two bots of one level) get numbered, so every column can be told apart. */
export function distinctNames(names: readonly string[]): string[] {
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n} ${i + 1}` : n));
}
