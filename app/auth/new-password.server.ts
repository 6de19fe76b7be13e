import { z } from "zod";

// Decision 005: at least 10 characters (the provider's own rule), typed twice.
export const newPasswordSchema = () =>
  z
    .object({
      password: z
        .string({ required_error: "Choose a password" })
        .min(10, "Use at least 10 characters")
        .max(200, "Use at most 200 characters"),
      confirm: z.string({ required_error: "Type the password again" }).min(1, "Type the password again"),
    })
    .refine((form) => form.password === form.confirm, { path: ["confirm"], message: "The two passwords are not the same" });

/** What to tell someone whose emailed link the provider refused (404 unknown, 410 used or expired). */
export async function linkProblem(error: unknown, message: (e: unknown) => Promise<string | null>): Promise<string | null> {
  if (!(error instanceof Response) || (error.status !== 404 && error.status !== 410)) return null;
  return (await message(error)) ?? "This link is not valid.";
}
