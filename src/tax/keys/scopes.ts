// What a tax API key may be allowed to do; /compute needs no scope. Apart from the key middleware so the database
// schema can type a key's stored scopes with them.
export const TAX_SCOPES = ["documents:parse", "deadlines:read", "profiles:read", "profiles:write", "webhooks:manage", "events:read"] as const;
export type TaxScope = (typeof TAX_SCOPES)[number];
