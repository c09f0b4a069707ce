import { describe, expect, it } from "vitest";
import { CSV_BOM, type CsvCell, csvNumber, csvRow, csvStream, guardFormula } from "../../../src/inventory/domain/csv";
import { formatPaise } from "../../../src/inventory/domain/money";
import { parseCsv } from "./csv-parse";

const CUSTOMER_HEADER = ["id", "name", "contact", "gstin", "address", "credit_limit", "total_billed", "total_paid", "outstanding"];

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  let text = "";
  let chunks = 0;
  for await (const chunk of stream) {
    text += decoder.decode(chunk, { stream: true });
    chunks++;
  }
  return { text: text + decoder.decode(), chunks };
}

describe("csvRow", () => {
  it.each<[CsvCell[], string]>([
    [["a", "b"], "a,b\r\n"],
    [["Sri Murugan Tex, Tiruppur"], '"Sri Murugan Tex, Tiruppur"\r\n'],
    [['12" cones'], '"12"" cones"\r\n'],
    [["line 1\nline 2"], '"line 1\nline 2"\r\n'],
    [["a\rb"], '"a\rb"\r\n'],
    [["₹ 1,250"], '"₹ 1,250"\r\n'],
    [["", null, undefined], ",,\r\n"],
    [[42, -7, 0], "42,-7,0\r\n"],
  ])("writes %j as %j", (cells, expected) => {
    expect(csvRow(cells)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+91 98400 12345", "'+91 98400 12345"],
    ["-cmd", "'-cmd"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\tdata", "'\tdata"],
    ["\rdata", "'\rdata"],
    ["\0data", "'\0data"],
  ])("neutralises the text cell %j", (text, stored) => {
    expect(guardFormula(text)).toBe(stored);
    expect(parseCsv(csvRow([text]))).toEqual([[stored]]);
  });

  it.each(["Ramesh=partner", "a+b", "Coimbatore - 641001", " =not leading"])("leaves %j alone", (text) => {
    expect(guardFormula(text)).toBe(text);
  });

  it("never guards number cells, so a negative outstanding stays a number", () => {
    expect(csvRow(["Sri Murugan Tex", csvNumber(formatPaise(-125000)), -3])).toBe("Sri Murugan Tex,-1250.00,-3\r\n");
  });

  it("keeps text that is passed as a number but is not a plain decimal guarded", () => {
    expect(csvRow([csvNumber("-1+1"), csvNumber("1e5")])).toBe("'-1+1,1e5\r\n");
  });

  it("guards, then quotes, a formula that also holds a comma", () => {
    expect(csvRow(['=1+2,"x"'])).toBe(`"'=1+2,""x"""\r\n`);
  });
});

describe("round trips through an RFC 4180 parser", () => {
  const rows: string[][] = [
    ["cus_01", "Sri Murugan Tex, Tiruppur", 'Mr. "Babu" Raj', "33AAECG4315R1ZE", "12 Kumaran Rd\r\nTiruppur 641601", "500000.00"],
    ["cus_02", "श्री गणेश यार्न्स", "राकेश शर्मा", "27AAPFU0939F1ZV", "भिवंडी, ठाणे", "250000.00"],
    ["cus_03", "ஸ்ரீ லட்சுமி நூல் மில்ஸ்", "முருகன்", "33ABCDE1234F1Z7", "ஈரோடு, தமிழ்நாடு", "0.00"],
    ["cus_04", "₹ traders", "", "", "line\nbreak only", "-1250.00"],
  ];

  it("reads back every cell unchanged", () => {
    const text = rows.map((r) => csvRow(r.map((c, i) => (i === 5 ? csvNumber(c) : c)))).join("");
    expect(parseCsv(text)).toEqual(rows);
  });
});

describe("csvStream", () => {
  const rows: CsvCell[][] = [
    [
      "cus_01",
      "Sri Murugan Tex, Tiruppur",
      "+91 98400 12345",
      "33AAECG4315R1ZE",
      "Tiruppur",
      csvNumber("500000.00"),
      csvNumber("612500.00"),
      csvNumber("611250.00"),
      csvNumber("-1250.00"),
    ],
    ["cus_02", "श्री गणेश यार्न्स", "=1+1", null, "भिवंडी", csvNumber("0.00"), csvNumber("0.00"), csvNumber("0.00"), csvNumber("0.00")],
  ];

  async function* fromAsync<T>(items: readonly T[]): AsyncGenerator<T> {
    for (const item of items) yield item;
  }

  it("equals the BOM (when asked for), the header and the joined rows, in UTF-8", async () => {
    const { text } = await readAll(csvStream(CUSTOMER_HEADER, fromAsync(rows), { bom: true }));
    expect(text).toBe(CSV_BOM + csvRow(CUSTOMER_HEADER) + rows.map(csvRow).join(""));
  });

  it("starts with the header by default and with the bytes EF BB BF on request", async () => {
    const withoutBom = await new Response(csvStream(["id"], [])).text();
    expect(withoutBom).toBe("id\r\n");
    const withBom = new Uint8Array(await new Response(csvStream(["id"], [], { bom: true })).arrayBuffer());
    expect([...withBom.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x69]);
  });

  it("parses back to the header and the guarded cells", async () => {
    const { text } = await readAll(csvStream(CUSTOMER_HEADER, rows, { bom: false }));
    const parsed = parseCsv(text);
    expect(parsed[0]).toEqual(CUSTOMER_HEADER);
    expect(parsed[1]?.[2]).toBe("'+91 98400 12345");
    expect(parsed[1]?.[8]).toBe("-1250.00");
    expect(parsed[2]?.[2]).toBe("'=1+1");
  });

  it("streams 10,000 rows in many bounded chunks with the same bytes as the joined rows", async () => {
    const many: CsvCell[][] = Array.from({ length: 10_000 }, (_, i) => [`exp_${i}`, "freight, Erode", csvNumber(formatPaise(i * 137))]);
    const { text, chunks } = await readAll(csvStream(["id", "category", "amount"], fromAsync(many), { bom: false }));
    expect(text).toBe(csvRow(["id", "category", "amount"]) + many.map(csvRow).join(""));
    expect(chunks).toBeGreaterThan(10);
  });

  it("pulls rows only as the reader asks and closes the source on cancel", async () => {
    let produced = 0;
    let closed = false;
    async function* source(): AsyncGenerator<CsvCell[]> {
      try {
        for (;;) {
          produced++;
          yield [`row ${produced}`, "x".repeat(1000)];
        }
      } finally {
        closed = true;
      }
    }
    const reader = csvStream(["id", "pad"], source()).getReader();
    await reader.read();
    const afterOneChunk = produced;
    expect(afterOneChunk).toBeLessThan(100);
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
