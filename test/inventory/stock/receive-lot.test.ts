// A lot joins its SKU only when the SKU is of the yarn type the receipt names (409 `conflict` otherwise), also when
// another receipt creates the SKU, with another type, at the same moment: the type is checked in the write itself.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { receiveLot } from "../../../src/inventory/stock/queries";
import { admin, createOrg, expectError, expectStatus } from "../helpers";

const rowsOf = async (orgId: string) =>
  Promise.all(
    ["lots", "skus", "godowns", "suppliers"].map(
      async (table) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE org_id = ?`).bind(orgId).first<{ n: number }>())!.n,
    ),
  );

const receipt = (sku: string, yarn_type: string, hsn: string) => ({
  lot_number: `L-${crypto.randomUUID().slice(0, 8)}`,
  sku,
  yarn_type,
  hsn,
  godown_code: "TPR-1",
  kg: "100",
  cost_per_kg: "200",
  supplier_name: "Sri Ramalinga Mills",
});

describe("a receipt whose SKU is of another yarn type", () => {
  it("is refused in the write itself when the SKU appeared after the route looked for it, and changes nothing", async () => {
    const orgId = await createOrg();
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/lots`, receipt("CUSTOM-1", "cotton_carded", "5205")), 201);
    const before = await rowsOf(orgId);
    // What a racing receipt sends: it saw no SKU, so it brings a new one of its own type, in another godown and mill.
    const outcome = await receiveLot(
      env.DB,
      orgId,
      {
        lotNumber: "L-RACE",
        godownCode: "ERD-1",
        grams: 100_000,
        costPaisePerKg: 20_000,
        receivedAt: Date.now(),
        supplierName: "Another Mill",
        sku: "CUSTOM-1",
        yarnType: "polyester_spun",
        named: { name: null, composition: null, countNe: null, ply: null, hsn: "5509", stockLowThresholdGrams: null },
        newSku: {
          sku: "CUSTOM-1",
          name: "CUSTOM-1",
          yarnType: "polyester_spun",
          countNe: null,
          ply: 1,
          denier: null,
          filaments: null,
          blend: null,
          composition: "polyester spun",
          shade: null,
          hsn: "5509",
          gstRateBps: 500,
          stockLowThresholdGrams: 0,
        },
      },
      Date.now(),
    );
    expect(outcome).toEqual({ kind: "sku_disagrees" });
    expect(await rowsOf(orgId)).toEqual(before);
  });

  it("of the same yarn type, naming other details, is refused in the write too when the SKU appeared after the route looked", async () => {
    const orgId = await createOrg();
    await expectStatus(
      await admin("POST", `/admin/api/orgs/${orgId}/lots`, { ...receipt("CUSTOM-3", "cotton_carded", "5205"), sku_name: "First name" }),
      201,
    );
    const before = await rowsOf(orgId);
    const racing = (named: { name: string | null; hsn: string | null }) =>
      receiveLot(
        env.DB,
        orgId,
        {
          lotNumber: `L-${crypto.randomUUID().slice(0, 8)}`,
          godownCode: "TPR-1",
          grams: 100_000,
          costPaisePerKg: 20_000,
          receivedAt: Date.now(),
          supplierName: null,
          sku: "CUSTOM-3",
          yarnType: "cotton_carded",
          named: { composition: null, countNe: null, ply: null, stockLowThresholdGrams: null, ...named },
          newSku: null,
        },
        Date.now(),
      );
    expect(await racing({ name: "Second name", hsn: null })).toEqual({ kind: "sku_disagrees" });
    expect(await racing({ name: null, hsn: "5206" })).toEqual({ kind: "sku_disagrees" });
    expect(await rowsOf(orgId)).toEqual(before);
    // Naming the same details, or the HSN's subheading, joins the SKU.
    expect((await racing({ name: "First name", hsn: "520511" })).kind).toBe("received");
  });

  it("sent at once with another receipt creating the SKU: one is received under its own type, the other is 409", async () => {
    const orgId = await createOrg();
    const sku = `CUSTOM-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const types = ["cotton_carded", "polyester_spun"];
    const answers = await Promise.all([
      admin("POST", `/admin/api/orgs/${orgId}/lots`, receipt(sku, "cotton_carded", "5205")),
      admin("POST", `/admin/api/orgs/${orgId}/lots`, receipt(sku, "polyester_spun", "5509")),
    ]);
    const received = answers.findIndex((answer) => answer.status === 201);
    expect(received).not.toBe(-1);
    const lot = await expectStatus<{ data: { yarn_type: string } }>(answers[received]!, 201);
    expect(lot.data.yarn_type).toBe(types[received]);
    const refused = 1 - received;
    expect(await expectError(answers[refused]!, 409, "conflict")).toBe(`sku: ${sku} is registered as ${types[received]}, not ${types[refused]}`);
    const lots = await env.DB.prepare("SELECT COUNT(*) AS n FROM lots WHERE org_id = ?").bind(orgId).first<{ n: number }>();
    expect(lots?.n).toBe(1);
  });
});

describe("a receipt naming details of its SKU", () => {
  const lots = (orgId: string) => `/admin/api/orgs/${orgId}/lots`;

  it("of a SKU already received is refused (409, nothing written) when a detail differs, and accepted when they agree", async () => {
    const orgId = await createOrg();
    const first = { ...receipt("CUSTOM-2", "cotton_carded", "5205"), sku_name: "30s carded, grey", stock_low_threshold_kg: "200" };
    await expectStatus(await admin("POST", lots(orgId), first), 201);
    const before = await rowsOf(orgId);
    for (const [field, value, registered] of [
      ["stock_low_threshold_kg", "500", "200.000"],
      ["sku_name", "30s carded, ecru", "30s carded, grey"],
      ["hsn", "5206", "5205"],
      ["ply", 2, "1"],
    ] as const) {
      const message = await expectError(await admin("POST", lots(orgId), { ...first, lot_number: `L-${field}`, [field]: value }), 409, "conflict");
      expect(message).toContain(field);
      expect(message).toContain(registered);
    }
    expect(await rowsOf(orgId)).toEqual(before);
    // A client that always sends the SKU's full details may keep doing so.
    await expectStatus(await admin("POST", lots(orgId), { ...first, lot_number: "L-AGAIN" }), 201);
  });

  it("of a catalogue SKU is refused (400) when a detail contradicts the catalogue; its heading alone agrees", async () => {
    const orgId = await createOrg();
    const catalogue = { ...receipt("CTN-CMB-30S1-RW", "cotton_combed", "5205"), lot_number: "L-HEADING" };
    await expectStatus(await admin("POST", lots(orgId), catalogue), 201);
    const other = await createOrg();
    for (const [field, value] of [
      ["hsn", "5402"],
      ["sku_name", "30s polyester"],
      ["count_ne", 40],
    ] as const) {
      const message = await expectError(await admin("POST", lots(other), { ...catalogue, [field]: value }), 400, "bad_request");
      expect(message).toContain(field);
    }
    expect(await rowsOf(other)).toEqual([0, 0, 0, 0]);
  });
});
