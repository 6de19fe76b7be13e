import { isOwnContactOnly, type SettingLike } from "./permissions";

export interface ContactLike {
  internalId: string | number;
  isInactive?: boolean | null;
  manpackUser?: boolean | null;
}

/** SPEC §6: wp_contact_only limits the contact list to the user's own contact. */
export function visibleContacts<C extends ContactLike>(
  contacts: readonly C[],
  setting: SettingLike,
  ownContactId: string | number | null,
): C[] {
  if (!isOwnContactOnly(setting)) return [...contacts];
  return ownContactId === null ? [] : contacts.filter((c) => String(c.internalId) === String(ownContactId));
}
