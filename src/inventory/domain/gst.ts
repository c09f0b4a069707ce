// GST on a tax invoice line: the line's taxable amount times the SKU's rate, rounded to the paisa per line
// (half up), as in a tax invoice's line-wise tax columns; the invoice's GST is the sum of its lines.

/** GST in paise on a line of `taxablePaise` at `rateBps` basis points (500 = 5 %). */
export function lineGstPaise(taxablePaise: number, rateBps: number): number {
  return Math.floor((taxablePaise * rateBps + 5_000) / 10_000);
}
