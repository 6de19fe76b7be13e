import { z } from "zod";
import { FETCH_ALL_LIMIT } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// Adding a wearer (/add-wearer, issue 15 item 7, decision 103): the choices the form offers and POST /api/contact.

const NamedSchema = z.object({ internalId: id, name: z.string() });
export type Named = z.infer<typeof NamedSchema>;

/** GET /api/department?isInactive=false&$limit=10000 — the customer's active departments, by name. */
export async function listActiveDepartments(client: UpstreamClient): Promise<Named[]> {
  const answer = await client.get("/api/department", ListSchema(NamedSchema), {
    query: { isInactive: false, $limit: FETCH_ALL_LIMIT },
  });
  return answer.data;
}

/** GET /api/cost-centre?isInactive=false&$limit=10000 — the customer's active cost centres, by name. */
export async function listActiveCostCentres(client: UpstreamClient): Promise<Named[]> {
  const answer = await client.get("/api/cost-centre", ListSchema(NamedSchema), {
    query: { isInactive: false, $limit: FETCH_ALL_LIMIT },
  });
  return answer.data;
}

/** GET /api/grade — the customer's grades, sorted (a provider addition, decision 103). */
export async function listGrades(client: UpstreamClient): Promise<string[]> {
  const answer = await client.get("/api/grade", ListSchema(z.object({ name: z.string() })));
  return answer.data.map((g) => g.name);
}

/** What /add-wearer sends: a wearer (manpack contact) with their grade, reference, department and cost centre. */
export interface NewWearer {
  firstName: string;
  lastName: string;
  email: string | null;
  grade: string;
  employeeRef: string;
  department: string;
  costCentre: string;
}

/**
 * POST /api/contact {firstName, lastName, email?, grade, employeeRef, department, costCentre, manpackUser: true} → 201
 * the new contact (its grade's standard allowances with it). An e-mail left blank is not sent.
 */
export async function addWearer(client: UpstreamClient, wearer: NewWearer): Promise<{ internalId: string }> {
  const { firstName, lastName, email, grade, employeeRef, department, costCentre } = wearer;
  return client.post("/api/contact", z.object({ internalId: id }), {
    body: {
      firstName,
      lastName,
      ...(email ? { email } : {}),
      grade,
      employeeRef,
      department,
      costCentre,
      manpackUser: true,
    },
  });
}
