// Known-answer vectors for both signature schemes (expected values computed independently with Python:
// hmac.new(secret.encode(), f"{t}.{body}".encode(), hashlib.sha256).hexdigest()) and for the Standard Webhooks
// headers (the standard's own library's answer), and the receiver-side verification matrix after the Standard
// Webhooks reference tests.
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { computeSignature, newWebhookSecret, signedHeaders, standardWebhookHeaders } from "../../../src/platform/webhooks/sign";
import { constantTimeEqual, verifyWebhook, type WebhookScheme } from "../../../src/platform/webhooks/verify";
import { standardSignatures, verifyStandardWebhook } from "../../standard-webhooks";

const VECTORS: Array<[secret: string, t: number, body: string, hex: string]> = [
  ["whsec_test", 1700000000, '{"id":"evt_1"}', "c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925"],
  [
    "whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FH",
    1763719200,
    '{"id":"evt_01jd3k9x2m4n5p6q7r8s9t0v1w","type":"plan.activated","createdAt":"2025-11-21T10:00:00.000Z","data":{"accountId":"acct_1","plan":"paid","paymentId":"pay_1"}}',
    "3e7ac57b2a508a1b91bac622172711ec2e705573db106c155f65eb786714faa7",
  ],
  [
    "whsec_inventory",
    1763719200,
    '{"id":"evt_2","type":"sale.created","created_at":"2025-11-21T10:00:00.000Z","data":{"sale_id":"sale_1","total_paise":125000}}',
    "a5796722bd705340192b2fdff12a7be1507eb50cfddfd089183736116a657e69",
  ],
  ["whsec_unicode", 1763719200, '{"name":"Śrī Lakshmī Mills ₹"}', "51950161f9febd3c29b59c66c6c2075ce400e8acb46bc234364e741e88d3d716"],
  ["whsec_empty", 0, "", "944eea919fe72d65902e30a020897cdade0ef7fe3d10db503407154843b01138"],
];

describe("signature known answers", () => {
  it.each(VECTORS)("HMAC-SHA256(%j, `<t>.<body>`) at t=%i", async (secret, t, body, hex) => {
    expect(await computeSignature(secret, t, body)).toBe(hex);
  });

  it("puts the same value in both schemes' headers", async () => {
    const [secret, t, body, hex] = VECTORS[1]!;
    const tax = await signedHeaders({
      scheme: "service-signature",
      secret,
      timestampSeconds: t,
      attemptSeconds: t,
      body,
      deliveryId: "whd_1",
      eventType: "plan.activated",
    });
    expect(tax).toMatchObject({ "Service-Signature": `t=${t},v1=${hex}`, "Service-Delivery": "whd_1", "Content-Type": "application/json" });
    expect(Object.keys(tax).some((name) => name.startsWith("X-Service"))).toBe(false);

    const inventory = await signedHeaders({
      scheme: "x-service",
      secret,
      timestampSeconds: t,
      attemptSeconds: t,
      body,
      deliveryId: "whd_2",
      eventType: "sale.created",
    });
    expect(inventory).toMatchObject({
      "X-Service-Signature": hex,
      "X-Service-Timestamp": String(t),
      "X-Service-Event": "sale.created",
      "X-Service-Delivery": "whd_2",
      "Content-Type": "application/json",
    });
    expect(inventory["Service-Signature"]).toBeUndefined();
  });

  it("makes secrets `whsec_` + 40 base62 characters, never twice the same", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

// The Standard Webhooks JavaScript library's own known answer: test "sign function works" in
// libraries/javascript/src/webhook.test.ts of standard-webhooks/standard-webhooks (commit 10d3e46).
const STANDARD = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  t: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

function standardHeaders(overrides: Record<string, string | undefined> = {}): Headers {
  const headers: Record<string, string | undefined> = {
    "webhook-id": STANDARD.id,
    "webhook-timestamp": String(STANDARD.t),
    "webhook-signature": STANDARD.signature,
    ...overrides,
  };
  return new Headers(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

describe("Standard Webhooks headers", () => {
  it("reproduce the standard library's known answer, which the test's own verifier also accepts", async () => {
    const headers = await standardWebhookHeaders({
      secrets: [STANDARD.secret],
      deliveryId: STANDARD.id,
      attemptSeconds: STANDARD.t,
      body: STANDARD.body,
    });
    expect(headers).toEqual({ "webhook-id": STANDARD.id, "webhook-timestamp": String(STANDARD.t), "webhook-signature": STANDARD.signature });
    expect(await verifyStandardWebhook(STANDARD.secret, standardHeaders(), STANDARD.body, STANDARD.t)).toMatchObject({ ok: true });
  });

  it("come beside each scheme's own headers: the delivery id, this attempt's time, the body as sent", async () => {
    const secret = newWebhookSecret();
    const body = '{"id":"evt_1","type":"sale.created","data":{"name":"Śrī Lakshmī Mills ₹"}}';
    // An inventory retry 240 s after the first attempt: its own scheme keeps the first timestamp, the standard's is now.
    const first = 1_763_719_200;
    const headers = await signedHeaders({
      scheme: "x-service",
      secret,
      timestampSeconds: first,
      attemptSeconds: first + 240,
      body,
      deliveryId: "whd_01jd3k9x2m4n5p6q7r8s9t0v1w",
      eventType: "sale.created",
    });
    expect(headers).toMatchObject({
      "X-Service-Timestamp": String(first),
      "X-Service-Signature": await computeSignature(secret, first, body),
      "webhook-id": "whd_01jd3k9x2m4n5p6q7r8s9t0v1w",
      "webhook-timestamp": String(first + 240),
    });
    expect(await verifyStandardWebhook(secret, new Headers(headers), body, first + 240)).toMatchObject({ ok: true });
    // The delivery id is signed content: the same signature under another id does not verify.
    const moved = new Headers({ ...headers, "webhook-id": "whd_01jd3k9x2m4n5p6q7r8s9t0v1x" });
    expect(await verifyStandardWebhook(secret, moved, body, first + 240)).toMatchObject({ ok: false });
  });

  it("carry one `v1,` signature per secret during a roll's overlap, each verifying with its own secret alone", async () => {
    const [secret, previousSecret] = [newWebhookSecret(), newWebhookSecret()];
    const body = '{"id":"evt_1"}';
    const headers = new Headers(
      await signedHeaders({
        scheme: "service-signature",
        secret,
        previousSecret,
        timestampSeconds: 1_763_719_200,
        attemptSeconds: 1_763_719_200,
        body,
        deliveryId: "whd_1",
        eventType: "webhook.test",
      }),
    );
    const [current, previous] = standardSignatures(headers);
    expect(standardSignatures(headers)).toHaveLength(2);
    const alone = (signature: string) => new Headers({ ...Object.fromEntries(headers), "webhook-signature": signature });
    expect(await verifyStandardWebhook(secret, alone(current!), body, 1_763_719_200)).toMatchObject({ ok: true });
    expect(await verifyStandardWebhook(previousSecret, alone(previous!), body, 1_763_719_200)).toMatchObject({ ok: true });
    expect(await verifyStandardWebhook(newWebhookSecret(), headers, body, 1_763_719_200)).toMatchObject({ ok: false });
  });
});

describe("Standard Webhooks headers, checked by the standard's own JavaScript library (standardwebhooks 1.1.1)", () => {
  const body = '{"id":"evt_1","type":"profile.saved","data":{"label":"Śrī ₹"}}';
  const sent = async (secret: string, previousSecret: string | null) => {
    const now = Math.floor(Date.now() / 1000);
    return signedHeaders({
      scheme: "service-signature",
      secret,
      previousSecret,
      timestampSeconds: now,
      attemptSeconds: now,
      body,
      deliveryId: "whd_01jd3k9x2m4n5p6q7r8s9t0v1w",
      eventType: "profile.saved",
    });
  };

  it("verify a delivery under the endpoint's secret as shown to its owner, and refuse another secret", async () => {
    const secret = newWebhookSecret();
    const headers = await sent(secret, null);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow(WebhookVerificationError);
  });

  it("verify a delivery during a roll's overlap under either secret", async () => {
    const [secret, previousSecret] = [newWebhookSecret(), newWebhookSecret()];
    const headers = await sent(secret, previousSecret);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previousSecret).verify(body, headers)).toEqual(JSON.parse(body));
  });
});

describe("verifyWebhook, standard-webhooks scheme (the Standard Webhooks JavaScript library's test matrix)", () => {
  const NOW_MS = STANDARD.t * 1000;
  const verify = (headers: Headers, options: { secret?: string; body?: string; now?: number } = {}) =>
    verifyWebhook(options.secret ?? STANDARD.secret, headers, options.body ?? STANDARD.body, {
      scheme: "standard-webhooks",
      now: options.now ?? NOW_MS,
    });

  it("accepts a valid delivery, with or without the whsec_ prefix, and returns webhook-id as the delivery id", async () => {
    // The standard's example body is JSON without an event id or type.
    const accepted = { ok: true, deliveryId: STANDARD.id, timestampSeconds: STANDARD.t, eventId: null, eventType: null };
    expect(await verify(standardHeaders())).toEqual(accepted);
    expect(await verify(standardHeaders(), { secret: STANDARD.secret.slice("whsec_".length) })).toEqual(accepted);
  });

  it("accepts a list with other versions and wrong signatures beside the right one", async () => {
    const wrong = "Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=";
    const signature = [`v1,${wrong}`, `v2,${wrong}`, STANDARD.signature, `v1,${wrong}`].join(" ");
    expect(await verify(standardHeaders({ "webhook-signature": signature }))).toMatchObject({ ok: true });
  });

  it.each([
    [300, true],
    [301, false],
    [-300, true],
    [-301, false],
  ])("now = t + (%i s) is ok=%s (too old and too new both refused)", async (offset, ok) => {
    expect((await verify(standardHeaders(), { now: NOW_MS + offset * 1000 })).ok).toBe(ok);
  });

  it.each<[string, Headers, { secret?: string; body?: string }, string]>([
    ["an empty key", standardHeaders(), { secret: "" }, "missing_secret"],
    ["a key that is not base64", standardHeaders(), { secret: "whsec_not*base64" }, "malformed_secret"],
    ["no webhook-id", standardHeaders({ "webhook-id": undefined }), {}, "missing_header"],
    ["no webhook-timestamp", standardHeaders({ "webhook-timestamp": undefined }), {}, "missing_header"],
    ["no webhook-signature", standardHeaders({ "webhook-signature": undefined }), {}, "missing_header"],
    ["an invalid timestamp", standardHeaders({ "webhook-timestamp": "hello" }), {}, "malformed_timestamp"],
    ["an invalid signature", standardHeaders({ "webhook-signature": "v1,dawfeoifkpqwoekfpqoekf" }), {}, "malformed_signature"],
    ["a partial signature", standardHeaders({ "webhook-signature": STANDARD.signature.slice(0, 8) }), {}, "malformed_signature"],
    ["an empty signature", standardHeaders({ "webhook-signature": "v1," }), {}, "malformed_signature"],
    ["no v1 signature", standardHeaders({ "webhook-signature": STANDARD.signature.replace("v1,", "v2,") }), {}, "malformed_signature"],
    ["a changed webhook-id", standardHeaders({ "webhook-id": `${STANDARD.id}x` }), {}, "signature_mismatch"],
    ["a changed body", standardHeaders(), { body: `${STANDARD.body} ` }, "signature_mismatch"],
    ["another key", standardHeaders(), { secret: newWebhookSecret() }, "signature_mismatch"],
  ])("refuses %s", async (_name, headers, options, reason) => {
    expect(await verify(headers, options)).toMatchObject({ ok: false, reason });
  });
});

const SECRET = "whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FH";
const [, T, BODY, HEX] = VECTORS[1]!;
const NOW = T * 1000;

function taxHeaders(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const headers: Record<string, string | undefined> = { "Service-Signature": `t=${T},v1=${HEX}`, "Service-Delivery": "whd_1", ...overrides };
  return Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

function inventoryHeaders(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const headers: Record<string, string | undefined> = {
    "X-Service-Signature": HEX,
    "X-Service-Timestamp": String(T),
    "X-Service-Event": "plan.activated",
    "X-Service-Delivery": "whd_2",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

describe("verifyWebhook", () => {
  it("accepts a valid delivery in both schemes, from Headers or a Node-style record, string or bytes", async () => {
    // The event id and type are BODY's own: {"id":"evt_01jd3k9x2m4n5p6q7r8s9t0v1w","type":"plan.activated",…}.
    const event = { eventId: "evt_01jd3k9x2m4n5p6q7r8s9t0v1w", eventType: "plan.activated" };
    expect(await verifyWebhook(SECRET, new Headers(taxHeaders()), BODY, { scheme: "service-signature", now: NOW })).toEqual({
      ok: true,
      deliveryId: "whd_1",
      timestampSeconds: T,
      ...event,
    });
    const lowerCased = Object.fromEntries(Object.entries(inventoryHeaders()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(await verifyWebhook(SECRET, lowerCased, new TextEncoder().encode(BODY), { scheme: "x-service", now: NOW })).toEqual({
      ok: true,
      deliveryId: "whd_2",
      timestampSeconds: T,
      ...event,
    });
    const buffer: ArrayBuffer = await new Response(BODY).arrayBuffer();
    expect(await verifyWebhook(SECRET, taxHeaders(), buffer, { scheme: "service-signature", now: NOW })).toMatchObject(event);
  });

  it("reads the event id and type from the signed body, never from the headers the signature leaves out", async () => {
    // A captured delivery sent again within the window under a new delivery id and another X-Service-Event: the
    // signature (over the timestamp and body only) still holds, and the event is the body's, so a receiver that
    // drops an event id it has processed drops the replay.
    const replayed = inventoryHeaders({ "X-Service-Delivery": "whd_replayed", "X-Service-Event": "sale.cancelled" });
    expect(await verifyWebhook(SECRET, replayed, BODY, { scheme: "x-service", now: NOW })).toEqual({
      ok: true,
      deliveryId: "whd_replayed",
      timestampSeconds: T,
      eventId: "evt_01jd3k9x2m4n5p6q7r8s9t0v1w",
      eventType: "plan.activated",
    });
    expect(await verifyWebhook(SECRET, inventoryHeaders({ "X-Service-Event": undefined }), BODY, { scheme: "x-service", now: NOW })).toMatchObject({
      ok: true,
      eventType: "plan.activated",
    });
  });

  it.each<[string, string, { eventId: string | null; eventType: string | null }]>([
    ["an id without a type", VECTORS[0]![2], { eventId: "evt_1", eventType: null }],
    ["neither", VECTORS[3]![2], { eventId: null, eventType: null }],
    ["an empty body", VECTORS[4]![2], { eventId: null, eventType: null }],
    ["a type that is not a string", '{"id":"evt_3","type":7}', { eventId: "evt_3", eventType: null }],
    ["a JSON array", '["evt_4"]', { eventId: null, eventType: null }],
    ["text that is not JSON", "id=evt_5&type=sale.created", { eventId: null, eventType: null }],
  ])("a verified body with %s gives null for what it lacks", async (_name, body, event) => {
    const t = 1763719200;
    const headers = { "Service-Signature": `t=${t},v1=${await computeSignature(SECRET, t, body)}`, "Service-Delivery": "whd_3" };
    expect(await verifyWebhook(SECRET, headers, body, { scheme: "service-signature", now: t * 1000 })).toEqual({
      ok: true,
      deliveryId: "whd_3",
      timestampSeconds: t,
      ...event,
    });
  });

  it("accepts any one of several v1 signatures (secret rotation) and ignores unknown parts", async () => {
    const headers = taxHeaders({ "Service-Signature": `t=${T},v1=${"0".repeat(64)},v1=${HEX},v2=abc` });
    expect((await verifyWebhook(SECRET, headers, BODY, { scheme: "service-signature", now: NOW })).ok).toBe(true);
  });

  it.each([
    [299, true],
    [300, true],
    [301, false],
    [-300, true],
    [-301, false],
  ])("with the default 300 s tolerance, now = t %+i s is ok=%s (both directions)", async (offset, ok) => {
    for (const scheme of ["service-signature", "x-service"] as WebhookScheme[]) {
      const headers = scheme === "service-signature" ? taxHeaders() : inventoryHeaders();
      const result = await verifyWebhook(SECRET, headers, BODY, { scheme, now: NOW + offset * 1000 });
      expect(result.ok).toBe(ok);
      if (!result.ok) expect(result.reason).toBe("timestamp_out_of_window");
    }
  });

  const cases: Array<[string, WebhookScheme, Record<string, string>, string, string, string]> = [
    ["empty secret", "service-signature", taxHeaders(), BODY, "", "missing_secret"],
    ["no signature header", "service-signature", taxHeaders({ "Service-Signature": undefined }), BODY, SECRET, "missing_header"],
    ["no delivery id", "service-signature", taxHeaders({ "Service-Delivery": undefined }), BODY, SECRET, "missing_header"],
    ["no t=", "service-signature", taxHeaders({ "Service-Signature": `v1=${HEX}` }), BODY, SECRET, "malformed_signature"],
    ["no v1=", "service-signature", taxHeaders({ "Service-Signature": `t=${T}` }), BODY, SECRET, "malformed_signature"],
    ["garbage", "service-signature", taxHeaders({ "Service-Signature": "garbage" }), BODY, SECRET, "malformed_signature"],
    ["t not a number", "service-signature", taxHeaders({ "Service-Signature": `t=abc,v1=${HEX}` }), BODY, SECRET, "malformed_timestamp"],
    ["t in milliseconds", "service-signature", taxHeaders({ "Service-Signature": `t=${T}000,v1=${HEX}` }), BODY, SECRET, "malformed_timestamp"],
    [
      "partial signature",
      "service-signature",
      taxHeaders({ "Service-Signature": `t=${T},v1=${HEX.slice(0, 32)}` }),
      BODY,
      SECRET,
      "malformed_signature",
    ],
    ["wrong signature", "service-signature", taxHeaders({ "Service-Signature": `t=${T},v1=${"a".repeat(64)}` }), BODY, SECRET, "signature_mismatch"],
    ["body changed", "service-signature", taxHeaders(), `${BODY} `, SECRET, "signature_mismatch"],
    ["other secret", "service-signature", taxHeaders(), BODY, `${SECRET}x`, "signature_mismatch"],
    ["timestamp changed", "service-signature", taxHeaders({ "Service-Signature": `t=${T + 1},v1=${HEX}` }), BODY, SECRET, "signature_mismatch"],
    ["no X-Service-Timestamp", "x-service", inventoryHeaders({ "X-Service-Timestamp": undefined }), BODY, SECRET, "missing_header"],
    ["no X-Service-Delivery", "x-service", inventoryHeaders({ "X-Service-Delivery": undefined }), BODY, SECRET, "missing_header"],
    ["timestamp not a number", "x-service", inventoryHeaders({ "X-Service-Timestamp": "1e9" }), BODY, SECRET, "malformed_timestamp"],
    ["signature prefixed", "x-service", inventoryHeaders({ "X-Service-Signature": `v1=${HEX}` }), BODY, SECRET, "malformed_signature"],
    ["retimed but same signature", "x-service", inventoryHeaders({ "X-Service-Timestamp": String(T - 1) }), BODY, SECRET, "signature_mismatch"],
    ["tax headers to an x-service receiver", "x-service", taxHeaders(), BODY, SECRET, "missing_header"],
  ];
  it.each(cases)("refuses %s", async (_name, scheme, headers, body, secret, reason) => {
    const result = await verifyWebhook(secret, headers, body, { scheme, now: NOW });
    expect(result).toMatchObject({ ok: false, reason });
  });

  it("honours a custom tolerance", async () => {
    const result = await verifyWebhook(SECRET, taxHeaders(), BODY, { scheme: "service-signature", now: NOW + 61_000, toleranceSeconds: 60 });
    expect(result).toMatchObject({ ok: false, reason: "timestamp_out_of_window" });
  });
});

describe("constantTimeEqual", () => {
  it.each([
    ["", "", true],
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "abcd", false],
    ["abcd", "abc", false],
  ])("%j vs %j is %s", (a, b, equal) => {
    expect(constantTimeEqual(a, b)).toBe(equal);
  });
});
