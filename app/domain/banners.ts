// SPEC §9 banner and recommendation sizes.

export const FIRST_BANNER_SIZE = 4;
export const SECOND_BANNER_SIZE = 4;
export const SECOND_BANNER_SKIP = 4;
export const FREQUENTLY_BOUGHT_TOGETHER_SIZE = 4;
export const ALTERNATIVES_SIZE = 8;

export type RandomSource = () => number;

interface Identified {
  internalId: string | number;
}

/** Fisher–Yates with an injected source, so tests can pin the order. */
export function shuffle<T>(items: readonly T[], random: RandomSource = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function uniqueById<T extends Identified>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = String(item.internalId);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Random sector products first, filled up to four from the general items, no product twice. */
export function firstBannerProducts<T extends Identified>(
  sectorProducts: readonly T[],
  generalItems: readonly T[],
  random: RandomSource = Math.random,
): T[] {
  return uniqueById([...shuffle(uniqueById(sectorProducts), random), ...generalItems]).slice(0, FIRST_BANNER_SIZE);
}

export function secondBannerItems<T>(items: readonly T[]): T[] {
  return items.slice(SECOND_BANNER_SKIP, SECOND_BANNER_SKIP + SECOND_BANNER_SIZE);
}

/**
 * Four of `items` that are not already shown on the page (decision 060). Asking the upstream for
 * FREQUENTLY_BOUGHT_TOGETHER_SIZE + ALTERNATIVES_SIZE candidates is enough whatever the alternatives are.
 */
export function frequentlyBoughtTogether<T extends Identified>(
  items: readonly T[],
  alreadyShown: readonly Identified[] = [],
): T[] {
  const shown = new Set(alreadyShown.map((i) => String(i.internalId)));
  return items.filter((i) => !shown.has(String(i.internalId))).slice(0, FREQUENTLY_BOUGHT_TOGETHER_SIZE);
}

/** SPEC §8: without a scope alternatives are skipped and the list is emptied. */
export function alternativeProducts<T>(items: readonly T[], scope: string | null | undefined): T[] {
  return scope ? items.slice(0, ALTERNATIVES_SIZE) : [];
}
