import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/password";
import { isRefusal, refusalForm, UpstreamError } from "~/upstream/errors.server";

// Decision 005: at least 10 characters (the rule the provider enforces, app/domain/password.ts), typed twice.
export const newPasswordSchema = () =>
  z
    .object({
      password: z
        .string({ required_error: "Choose a password" })
        .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
        .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
      confirm: z.string({ required_error: "Type the password again" }).min(1, "Type the password again"),
    })
    .refine((form) => form.password === form.confirm, {
      path: ["confirm"],
      message: "The two passwords are not the same",
    });

/** What to tell someone whose emailed link the provider refused (404 unknown, 410 used or expired), in its words. */
export function linkProblem(error: unknown): string | null {
  return isRefusal(error, 404, 410) ? error.message || "This link is not valid." : null;
}

/**
 * The form answer when the provider refuses or fails the new password of an emailed link (invitation, reset): its
 * message above the form with its status. Anything that is not an upstream error (a redirect, a bug) is thrown on.
 */
export function newPasswordFailure(error: unknown) {
  if (!(error instanceof UpstreamError)) throw error;
  return refusalForm(error, { message: linkProblem(error) ?? error.message });
}
