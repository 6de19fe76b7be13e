import { z } from "zod";
import { orBlank } from "./schemas";
import { upstreamId as id } from "~/domain/upstream-id";

// Answer pieces the admin resources (docs/upstream-api.md "Admin", decisions 127 and 131) share.

/** A name the provider may send as null or leave out: "" then. */
export const optionalText = orBlank;

/** A user as the admin answers name them (an admin, a subject, a session's owner). */
export const PersonSchema = z.object({ id, email: z.string(), firstName: optionalText, lastName: optionalText });

/** A customer (or a sector) by id and name. */
export const NamedRefSchema = z.object({ id, name: z.string() });
