// A strict RFC 4180 parser for tests only: it reads back what the exports write, so round trips can be
// checked cell by cell. Throws on malformed input (a test failure is the right outcome there).

export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i];
        i++;
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') throw new Error(`bare quote in unquoted field at ${i}`);
        cell += text[i];
        i++;
      }
    }
    record.push(cell);
    if (text[i] === ",") {
      i++;
    } else if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
    } else if (i < text.length) {
      throw new Error(`expected comma or CRLF at ${i}`);
    }
  }
  if (record.length > 0) records.push(record);
  return records;
}
