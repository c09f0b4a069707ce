// Yarn catalogue for seeds and validation: real counts, compositions, HSN codes and GST rates from the
// inventory-domain reference §1 (SKU convention {FIBRE}-{PROCESS}-{COUNT}{PLY}-{SHADE}[-{BLEND}], §1.1).

export const YARN_TYPES = [
  "cotton_carded",
  "cotton_combed",
  "cotton_compact",
  "cotton_oe",
  "polyester_spun",
  "viscose_spun",
  "pc_blend",
  "cvc_blend",
  "pv_blend",
  "melange",
  "polyester_fdy",
  "polyester_dty",
  "viscose_filament",
  "nylon_filament",
  "other",
] as const;
export type YarnType = (typeof YARN_TYPES)[number];

export interface YarnSku {
  sku: string;
  name: string;
  yarnType: YarnType;
  /** English cotton count (Ne) of spun yarn; null for filament yarn, which is sold by denier. */
  countNe: number | null;
  /** 1 = single, 2 = two-ply (2/40s). */
  ply: number;
  denier: number | null;
  filaments: number | null;
  /** Blend ratio in the order of `composition`, e.g. "65/35"; null for a single fibre. */
  blend: string | null;
  composition: string;
  shade: string;
  /** 8 digits for cotton yarn (5205 bands confirmed, §1.4); 6 digits where the 8-digit line is unconfirmed. */
  hsn: string;
  /** GST rate in force from 22 September 2025 (gst-rates.ts has the rate of any date). */
  gstRatePercent: number;
  /** Realistic purchase cost range for seed lots, paise per kg (price anchors of §1.2). */
  costPaisePerKg: { min: number; max: number };
}

export type CottonFinish = "grey" | "bleached" | "dyed" | "other";
const FINISH_SUFFIX: Record<CottonFinish, string> = { grey: "10", bleached: "20", dyed: "30", other: "90" };

/** 1 Ne = 1.6934 Nm; HSN 5205/5206 bands are in Nm per single yarn. */
const NM_PER_NE = 1.6934;

/**
 * The 8-digit HSN of cotton yarn with ≥ 85% cotton (heading 5205) from its count, ply, combing and finish.
 * Bands (Nm per single yarn): ≤14, 14-43, 43-52, 52-80, then >80 uncombed, or 80-94 / 94-120 / >120 combed.
 */
export function cottonHsn(spec: { countNe: number; ply: number; combed: boolean; finish: CottonFinish }): string {
  const nm = spec.countNe * NM_PER_NE;
  let band: number;
  if (nm <= 14) band = 1;
  else if (nm <= 43) band = 2;
  else if (nm <= 52) band = 3;
  else if (nm <= 80) band = 4;
  else if (!spec.combed) band = 5;
  else if (nm <= 94) band = 6;
  else if (nm <= 120) band = 7;
  else band = 8;
  // Single yarn: 1x uncombed, 2x combed; multiple (folded): 3x uncombed, 4x combed. Uncombed has no band > 5.
  const group = (spec.ply > 1 ? 3 : 1) + (spec.combed ? 1 : 0);
  return `5205${group}${band}${FINISH_SUFFIX[spec.finish]}`;
}

type Row = Omit<YarnSku, "gstRatePercent" | "costPaisePerKg" | "denier" | "filaments" | "blend"> &
  Partial<Pick<YarnSku, "denier" | "filaments" | "blend">> & { cost: [number, number] };

const row = ({ cost: [min, max], ...r }: Row): YarnSku => ({
  denier: null,
  filaments: null,
  blend: null,
  ...r,
  gstRatePercent: 5,
  costPaisePerKg: { min, max },
});

const cotton = (
  sku: string,
  name: string,
  yarnType: "cotton_carded" | "cotton_combed" | "cotton_compact" | "cotton_oe" | "melange",
  countNe: number,
  ply: number,
  finish: CottonFinish,
  shade: string,
  cost: [number, number],
  composition = "100% cotton",
  blend: string | null = null,
): YarnSku =>
  row({
    sku,
    name,
    yarnType,
    countNe,
    ply,
    composition,
    blend,
    shade,
    cost,
    hsn: cottonHsn({ countNe, ply, combed: yarnType !== "cotton_carded" && yarnType !== "cotton_oe", finish }),
  });

export const YARN_CATALOGUE: readonly YarnSku[] = [
  // Compact (combed, compact-spun) cotton: fine knitting and weaving counts.
  cotton("CTN-CMP-30S1-RW", "30s compact cotton, raw white", "cotton_compact", 30, 1, "grey", "Raw white", [29000, 33000]),
  cotton("CTN-CMP-40S1-RW", "40s compact cotton, raw white", "cotton_compact", 40, 1, "grey", "Raw white", [31000, 35000]),
  cotton("CTN-CMP-60S1-RW", "60s compact cotton, raw white", "cotton_compact", 60, 1, "grey", "Raw white", [36000, 39000]),
  cotton("CTN-CMP-80S1-RW", "80s compact cotton, raw white", "cotton_compact", 80, 1, "grey", "Raw white", [38000, 42000]),
  // Combed cotton: the Tiruppur hosiery counts (20s-40s), two-ply weaving yarn, dyed and bleached shades.
  cotton("CTN-CMB-20S1-RW", "20s combed cotton, raw white", "cotton_combed", 20, 1, "grey", "Raw white", [24000, 27000]),
  cotton("CTN-CMB-24S1-RW", "24s combed cotton, raw white", "cotton_combed", 24, 1, "grey", "Raw white", [25500, 28500]),
  cotton("CTN-CMB-30S1-RW", "30s combed cotton, raw white", "cotton_combed", 30, 1, "grey", "Raw white", [28000, 32000]),
  cotton("CTN-CMB-34S1-RW", "34s combed cotton, raw white", "cotton_combed", 34, 1, "grey", "Raw white", [29000, 33500]),
  cotton("CTN-CMB-40S1-RW", "40s combed cotton, raw white", "cotton_combed", 40, 1, "grey", "Raw white", [30500, 34500]),
  cotton("CTN-CMB-40S2-RW", "2/40s combed cotton, raw white", "cotton_combed", 40, 2, "grey", "Raw white", [33000, 37000]),
  cotton("CTN-CMB-60S2-RW", "2/60s combed cotton, raw white", "cotton_combed", 60, 2, "grey", "Raw white", [38000, 42000]),
  cotton("CTN-CMB-30S1-BLK", "30s combed cotton, dyed black", "cotton_combed", 30, 1, "dyed", "Black", [33000, 37000]),
  cotton("CTN-CMB-30S1-NVY", "30s combed cotton, dyed navy", "cotton_combed", 30, 1, "dyed", "Navy", [33000, 37000]),
  cotton("CTN-CMB-40S1-BW", "40s combed cotton, bleached white", "cotton_combed", 40, 1, "bleached", "Bleached white", [32500, 36500]),
  // Carded cotton: hosiery "KH" qualities and Mumbai carded warp.
  cotton("CTN-CRD-10S1-RW", "10s carded cotton, raw white", "cotton_carded", 10, 1, "grey", "Raw white", [19000, 22000]),
  cotton("CTN-CRD-20S1-RW", "20s carded cotton, raw white", "cotton_carded", 20, 1, "grey", "Raw white", [21000, 24000]),
  cotton("CTN-CRD-30S1-RW", "30s carded cotton, raw white", "cotton_carded", 30, 1, "grey", "Raw white", [25500, 28000]),
  cotton("CTN-CRD-40S1-RW", "40s carded cotton, raw white", "cotton_carded", 40, 1, "grey", "Raw white", [23800, 29000]),
  cotton("CTN-CRD-60S1-RW", "60s carded cotton warp, raw white", "cotton_carded", 60, 1, "grey", "Raw white", [34200, 35200]),
  // Open-end cotton: coarse counts for towels, denim and industrial fabric.
  cotton("CTN-OE-6S1-RW", "6s open-end cotton, raw white", "cotton_oe", 6, 1, "grey", "Raw white", [14000, 16500]),
  cotton("CTN-OE-10S1-RW", "10s open-end cotton, raw white", "cotton_oe", 10, 1, "grey", "Raw white", [15000, 17500]),
  cotton("CTN-OE-16S1-RW", "16s open-end cotton, raw white", "cotton_oe", 16, 1, "grey", "Raw white", [16000, 18500]),
  // Grey melange: cotton with dyed viscose, ≥ 85% cotton so still heading 5205 (dyed).
  cotton(
    "MEL-CMB-30S1-GM-9010",
    "30s grey melange 90/10",
    "melange",
    30,
    1,
    "dyed",
    "Grey melange",
    [30000, 33000],
    "90% cotton / 10% viscose",
    "90/10",
  ),
  cotton(
    "MEL-CMB-30S1-DGM-8515",
    "30s dark grey melange 85/15",
    "melange",
    30,
    1,
    "dyed",
    "Dark grey melange",
    [30000, 33500],
    "85% cotton / 15% viscose",
    "85/15",
  ),
  cotton(
    "MEL-CMB-30S1-LGM-9505",
    "30s light grey melange 95/5",
    "melange",
    30,
    1,
    "dyed",
    "Light grey melange",
    [30500, 33500],
    "95% cotton / 5% viscose",
    "95/5",
  ),
  cotton(
    "MEL-CMB-30S1-ECM-9802",
    "30s ecru melange 98/2",
    "melange",
    30,
    1,
    "dyed",
    "Ecru melange",
    [30500, 34000],
    "98% cotton / 2% viscose",
    "98/2",
  ),
  // CVC: cotton-rich blends under 85% cotton, heading 5206 (8-digit line unconfirmed).
  row({
    sku: "CVC-CMB-30S1-RW-6040",
    name: "30s CVC 60/40 combed, raw white",
    yarnType: "cvc_blend",
    countNe: 30,
    ply: 1,
    blend: "60/40",
    composition: "60% cotton / 40% polyester",
    shade: "Raw white",
    hsn: "520623",
    cost: [22000, 25000],
  }),
  row({
    sku: "CVC-CMB-40S1-RW-6040",
    name: "40s CVC 60/40 combed, raw white",
    yarnType: "cvc_blend",
    countNe: 40,
    ply: 1,
    blend: "60/40",
    composition: "60% cotton / 40% polyester",
    shade: "Raw white",
    hsn: "520624",
    cost: [23500, 26500],
  }),
  // Man-made staple-fibre yarn, heading 5509 (synthetic) and 5510 (artificial): 12% → 5% from 22-Sep-2025.
  row({
    sku: "PES-SPN-30S1-RW",
    name: "30s polyester spun, raw white",
    yarnType: "polyester_spun",
    countNe: 30,
    ply: 1,
    composition: "100% polyester",
    shade: "Raw white",
    hsn: "550921",
    cost: [14200, 15000],
  }),
  row({
    sku: "PES-SPN-40S1-RW",
    name: "40s polyester spun, raw white",
    yarnType: "polyester_spun",
    countNe: 40,
    ply: 1,
    composition: "100% polyester",
    shade: "Raw white",
    hsn: "550921",
    cost: [15600, 16700],
  }),
  row({
    sku: "PES-SPN-30S2-RW",
    name: "2/30s polyester spun, raw white",
    yarnType: "polyester_spun",
    countNe: 30,
    ply: 2,
    composition: "100% polyester",
    shade: "Raw white",
    hsn: "550922",
    cost: [15500, 16800],
  }),
  row({
    sku: "VIS-SPN-30S1-RW",
    name: "30s viscose spun, raw white",
    yarnType: "viscose_spun",
    countNe: 30,
    ply: 1,
    composition: "100% viscose",
    shade: "Raw white",
    hsn: "551011",
    cost: [19500, 21500],
  }),
  row({
    sku: "VIS-SPN-40S1-RW",
    name: "40s viscose spun, raw white",
    yarnType: "viscose_spun",
    countNe: 40,
    ply: 1,
    composition: "100% viscose",
    shade: "Raw white",
    hsn: "551011",
    cost: [21000, 23000],
  }),
  row({
    sku: "PC-CRD-30S1-RW-6535",
    name: "30s PC 65/35 carded, raw white",
    yarnType: "pc_blend",
    countNe: 30,
    ply: 1,
    blend: "65/35",
    composition: "65% polyester / 35% cotton",
    shade: "Raw white",
    hsn: "550953",
    cost: [18100, 19200],
  }),
  row({
    sku: "PC-CMB-30S1-RW-6535",
    name: "30s PC 65/35 combed, raw white",
    yarnType: "pc_blend",
    countNe: 30,
    ply: 1,
    blend: "65/35",
    composition: "65% polyester / 35% cotton",
    shade: "Raw white",
    hsn: "550953",
    cost: [19000, 20500],
  }),
  row({
    sku: "PC-CMB-45S1-RW-6733",
    name: "45s PC 67/33 combed, raw white",
    yarnType: "pc_blend",
    countNe: 45,
    ply: 1,
    blend: "67/33",
    composition: "67% polyester / 33% cotton",
    shade: "Raw white",
    hsn: "550953",
    cost: [20500, 22500],
  }),
  row({
    sku: "PV-SPN-30S1-RW-6535",
    name: "30s PV 65/35, raw white",
    yarnType: "pv_blend",
    countNe: 30,
    ply: 1,
    blend: "65/35",
    composition: "65% polyester / 35% viscose",
    shade: "Raw white",
    hsn: "550951",
    cost: [17000, 18500],
  }),
  row({
    sku: "PV-SPN-40S1-RW-6535",
    name: "40s PV 65/35, raw white",
    yarnType: "pv_blend",
    countNe: 40,
    ply: 1,
    blend: "65/35",
    composition: "65% polyester / 35% viscose",
    shade: "Raw white",
    hsn: "550951",
    cost: [18000, 19500],
  }),
  // Filament yarn, sold by denier/filaments (50/48 = 50 denier, 48 filaments), headings 5402/5403.
  row({
    sku: "PES-FDY-50D48F-SD",
    name: "Polyester FDY 50/48, semi-dull",
    yarnType: "polyester_fdy",
    countNe: null,
    ply: 1,
    denier: 50,
    filaments: 48,
    composition: "100% polyester",
    shade: "Semi-dull",
    hsn: "540247",
    cost: [11500, 11600],
  }),
  row({
    sku: "PES-FDY-75D72F-SD",
    name: "Polyester FDY 75/72, semi-dull",
    yarnType: "polyester_fdy",
    countNe: null,
    ply: 1,
    denier: 75,
    filaments: 72,
    composition: "100% polyester",
    shade: "Semi-dull",
    hsn: "540247",
    cost: [10600, 10700],
  }),
  row({
    sku: "PES-DTY-150D48F-RW",
    name: "Polyester DTY 150/48, raw white",
    yarnType: "polyester_dty",
    countNe: null,
    ply: 1,
    denier: 150,
    filaments: 48,
    composition: "100% polyester",
    shade: "Raw white",
    hsn: "540233",
    cost: [10500, 11500],
  }),
  row({
    sku: "NYL-FDY-40D34F-SD",
    name: "Nylon 6 filament 40/34, semi-dull",
    yarnType: "nylon_filament",
    countNe: null,
    ply: 1,
    denier: 40,
    filaments: 34,
    composition: "100% nylon",
    shade: "Semi-dull",
    hsn: "540245",
    cost: [26000, 29000],
  }),
  row({
    sku: "VIS-FIL-120D30F-RW",
    name: "Viscose filament 120/30, raw white",
    yarnType: "viscose_filament",
    countNe: null,
    ply: 1,
    denier: 120,
    filaments: 30,
    composition: "100% viscose",
    shade: "Raw white",
    hsn: "540331",
    cost: [35000, 40000],
  }),
];
