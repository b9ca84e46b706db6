/**
 * A Tribes move in words ("Franks into Britannia", "no card into the conflict") for the review's lists:
 * read once with the engine's own reader (`readMove`), never split here; a text it cannot read is shown as
 * it is.
 */
import { readMove, type TribeName } from '@attila/tribes';
import type { T } from '../i18n/i18n.js';

const tribe = (t: T, name: TribeName) => t(`tribes.tribe.${name.toLowerCase()}`);
const cards = (t: T, list: readonly TribeName[]) => list.map((c) => tribe(t, c)).join(', ');

export function moveWords(t: T, text: string, provinces: ReadonlyMap<string, string>): string {
  const read = readMove(text);
  if (!read.ok) return text;
  const m = read.value;
  const where = (id: string) => provinces.get(id) ?? id;
  switch (m.kind) {
    case 'play':
      return t('moveWords.play', { tribe: tribe(t, m.tribe), province: where(m.province) });
    case 'influence':
      return t('moveWords.influence');
    case 'second':
      return t('moveWords.second', { province: where(m.province) });
    case 'commit':
      return m.cards.length === 0
        ? t('moveWords.commitNone')
        : t('moveWords.commit', { cards: cards(t, m.cards) });
    case 'discard':
      return t('moveWords.discard', { tribe: tribe(t, m.tribe) });
    case 'double':
      return t('moveWords.double');
    case 'trade':
      return t('moveWords.trade', { cards: cards(t, m.cards) });
    case 'twoInfluence':
      return m.tracks.length === 2 && m.tracks[0] !== m.tracks[1]
        ? t('moveWords.influenceTwo', { a: tribe(t, m.tracks[0]), b: tribe(t, m.tracks[1]) })
        : t('moveWords.influenceOne', { tribe: tribe(t, m.tracks[0]) });
  }
}
