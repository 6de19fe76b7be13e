import { useActionData, useNavigation } from "@remix-run/react";

/** What every refused form post answers (app/utils/forms.server.ts): `ok: false`, the field errors, one form error. */
interface RefusalShape {
  ok: false;
  fieldErrors: Partial<Record<string, string>>;
  formError?: string | null;
}

type Answer<Action> = ReturnType<typeof useActionData<Action>>;
type Refused<Action> = Extract<NonNullable<Answer<Action>>, { ok: false }>;

/**
 * A form page's view of its own action's answer, in one place (issue 36 item 4): the answer, the refusal when the
 * post was refused (with the values as typed, where the action hands them back), its field errors and form error,
 * and whether a submission is under way.
 *
 * `busy` is true while any navigation is under way (the pages disable their submit buttons then); pass
 * `"submitting"` to count only form submissions.
 */
export function useFormAnswer<Action>(busyWhen: "navigating" | "submitting" = "navigating") {
  const answer = useActionData<Action>();
  const state = useNavigation().state;
  // every form action answers `ok`: false is a refusal (written without optional chaining: the browser build's target
  // would spell each out)
  const refused =
    answer && (answer as { ok?: unknown }).ok === false ? (answer as Refused<Action> & RefusalShape) : null;
  return {
    answer,
    refused,
    errors: refused ? refused.fieldErrors : {},
    formError: refused ? (refused.formError ?? null) : null,
    busy: busyWhen === "submitting" ? state === "submitting" : state !== "idle",
  };
}
