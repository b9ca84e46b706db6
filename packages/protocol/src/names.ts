/**
 * Display names as people see them: one Unicode form (NFC), no invisible or direction-changing characters,
 * and never a bot's name (a person must not pass for a bot, nor a bot for a person).
 */

/**
 * Characters a name may not hold: controls (C0, DEL, C1: `\p{Cc}`), format characters (`\p{Cf}`: bidi
 * overrides and isolates such as U+202E, zero-width spaces and joiners, the BOM, soft hyphens), line and
 * paragraph separators, private-use, surrogate and unassigned code points. Each could hide or reorder what
 * other players read.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]/u;

/** The first forbidden character of `name`, as `U+XXXX`, or null. */
export function forbiddenCharacter(name: string): string | null {
  const m = FORBIDDEN.exec(name);
  if (!m) return null;
  return `U+${(m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What a name reads as: compatibility forms folded, case ignored, only its letters and digits. */
function readsAs(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** "bot" and "the" around a name are decoration: "Perfect Bot", "the-perfect-bot", "bot_perfect". */
function undecorated(key: string): string {
  let k = key;
  for (let again = true; again;) {
    again = false;
    for (const word of ['bot', 'the']) {
      if (k.length > word.length && k.startsWith(word)) {
        k = k.slice(word.length);
        again = true;
      }
      if (k.length > word.length && k.endsWith(word)) {
        k = k.slice(0, -word.length);
        again = true;
      }
    }
  }
  return k;
}

/**
 * The bot a person's name would pass for (any of `bots`, case-insensitive, with or without "bot"
 * decoration), or null. A name that is only "bot" passes for a bot too.
 */
export function botNameClash(name: string, bots: Iterable<string>): string | null {
  const key = readsAs(name);
  if (key === 'bot' || key === 'bots') return 'bot';
  const bare = undecorated(key);
  for (const bot of bots) {
    const b = readsAs(bot);
    if (b !== '' && (key === b || bare === b)) return bot;
  }
  return null;
}
