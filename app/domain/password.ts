// Decision 005's password rule, one for the portal's forms and the provider that enforces it (decision 172): a new
// password has at least 10 characters and at most 200 (the same ceiling holds for a current password as typed).

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
