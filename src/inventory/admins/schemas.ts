// Request and response schemas of an organisation's admins, who sign in to the admin area: snake_case, and never a
// password or its hash.
import { z } from "@hono/zod-openapi";
import { NewPassword, PASSWORD_LENGTH, SignInEmail } from "../../platform/auth/credentials";
import { IsoTime, iso } from "../http/schemas";
import { OrgIdParam } from "../http/wire-formats";

export const AdminParams = OrgIdParam.extend({
  adminId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "adminId", in: "path" }, example: "usr_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const CreateAdminSchema = z
  .object({
    email: SignInEmail.openapi({ description: "What the admin signs in with; kept in lower case", example: "accounts@srilakshmiyarns.example" }),
    password: NewPassword.openapi({
      description: `${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters; kept only as a salted hash, never returned`,
    }),
  })
  .strict();

export const AdminSchema = z
  .object({
    id: z.string(),
    org_id: z.string(),
    email: z.string(),
    created_at: IsoTime,
  })
  .openapi("Admin");

export const RemovedAdminSchema = AdminSchema.extend({ removed_at: IsoTime }).openapi("RemovedAdmin");

/** The wire shape of an admin: who signs in, never how. */
export function adminView(admin: { id: string; orgId: string; email: string; createdAt: number }): z.infer<typeof AdminSchema> {
  return { id: admin.id, org_id: admin.orgId, email: admin.email, created_at: iso(admin.createdAt) };
}
