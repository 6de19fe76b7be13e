import { data } from "@remix-run/node";
import { commitSession, getSession } from "~/session/session.server";
import { getEnv } from "~/env.server";

/**
 * The document shell's data: the flash toast (read once, so the cookie is written back) and the optional chat
 * script. Its server imports sit here, not in root.tsx, so the browser build of root.tsx refers to one empty
 * module instead of three shared ones, each a file every page would load (DESIGN §6 budget, decision 061).
 */
export async function rootData(request: Request) {
  const session = await getSession(request);
  const toast = session.get("toast") ?? null;
  return data(
    { toast, chatScriptUrl: getEnv().CHAT_SCRIPT_URL ?? null },
    { headers: toast ? { "Set-Cookie": await commitSession(session) } : undefined },
  );
}
