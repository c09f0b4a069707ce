import { describe, expect, it } from "vitest";
import { cottonHsn, YARN_CATALOGUE, YARN_TYPES } from "../../../src/inventory/domain/yarn";

describe("cottonHsn (HSN 5205 bands, reference §1.4)", () => {
  it.each([
    [{ countNe: 30, ply: 1, combed: true, finish: "grey" as const }, "52052310"], // the reference's example
    [{ countNe: 6, ply: 1, combed: false, finish: "grey" as const }, "52051110"],
    [{ countNe: 20, ply: 1, combed: false, finish: "grey" as const }, "52051210"],
    [{ countNe: 40, ply: 1, combed: true, finish: "dyed" as const }, "52052430"],
    [{ countNe: 34, ply: 1, combed: true, finish: "bleached" as const }, "52052420"],
    [{ countNe: 60, ply: 1, combed: false, finish: "grey" as const }, "52051510"],
    [{ countNe: 60, ply: 1, combed: true, finish: "grey" as const }, "52052710"],
    [{ countNe: 50, ply: 1, combed: true, finish: "grey" as const }, "52052610"],
    [{ countNe: 80, ply: 1, combed: true, finish: "other" as const }, "52052890"],
    [{ countNe: 40, ply: 2, combed: true, finish: "grey" as const }, "52054410"],
    [{ countNe: 30, ply: 2, combed: false, finish: "grey" as const }, "52053310"],
  ])("%j → %s", (spec, hsn) => {
    expect(cottonHsn(spec)).toBe(hsn);
  });
});

describe("YARN_CATALOGUE", () => {
  it("has 30+ SKUs with unique codes in the {FIBRE}-{PROCESS}-{COUNT}{PLY}-{SHADE} convention", () => {
    expect(YARN_CATALOGUE.length).toBeGreaterThanOrEqual(30);
    const skus = YARN_CATALOGUE.map((y) => y.sku);
    expect(new Set(skus).size).toBe(skus.length);
    for (const sku of skus) expect(sku).toMatch(/^[A-Z]{2,3}-[A-Z]{2,3}-(\d+S[12]|\d+D\d+F)-[A-Z]{2,3}(-\d{4})?$/);
  });

  it.each(YARN_CATALOGUE.map((y) => [y.sku, y] as const))("%s is consistent", (_, yarn) => {
    expect(YARN_TYPES).toContain(yarn.yarnType);
    expect(yarn.hsn).toMatch(/^(5205\d{4}|520[6]\d{2}|540[2-6]\d{2}|551[01]\d{2}|5509\d{2})$/);
    expect(yarn.costPaisePerKg.min).toBeGreaterThanOrEqual(10_000);
    expect(yarn.costPaisePerKg.max).toBeLessThanOrEqual(42_000);
    expect(yarn.costPaisePerKg.min).toBeLessThanOrEqual(yarn.costPaisePerKg.max);
    // Spun yarn has a count; filament yarn has denier and filaments instead.
    if (yarn.countNe === null) expect([yarn.denier, yarn.filaments].every((n) => Number.isInteger(n))).toBe(true);
    else expect([yarn.denier, yarn.filaments]).toEqual([null, null]);
    if (yarn.blend) expect(yarn.composition).toContain("/");
  });

  it("classifies ≥ 85% cotton as 5205 (melange included) and cotton-rich CVC as 5206", () => {
    for (const y of YARN_CATALOGUE) {
      if (y.yarnType.startsWith("cotton_") || y.yarnType === "melange") expect(y.hsn.slice(0, 4)).toBe("5205");
      if (y.yarnType === "cvc_blend") expect(y.hsn.slice(0, 4)).toBe("5206");
      if (["polyester_spun", "pc_blend", "pv_blend"].includes(y.yarnType)) expect(y.hsn.slice(0, 4)).toBe("5509");
    }
  });

  it("covers every yarn type except `other`", () => {
    expect(new Set(YARN_CATALOGUE.map((y) => y.yarnType))).toEqual(new Set(YARN_TYPES.filter((t) => t !== "other")));
  });
});
