// A strict RFC 4180 reader for checking exports: CRLF after every record (the last included),
// quoted fields with "" for a quote, and nothing a lenient reader would silently accept (a bare
// LF or CR, a quote inside an unquoted field, text after a closing quote).

export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let closedQuote = false;
  const endField = () => {
    record.push(field);
    field = "";
    closedQuote = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
        closedQuote = true;
      }
      continue;
    }
    if (char === ",") {
      endField();
    } else if (char === "\r") {
      if (text[i + 1] !== "\n") throw new Error(`bare CR at ${i}`);
      endField();
      records.push(record);
      record = [];
      i++;
    } else if (char === "\n") {
      throw new Error(`bare LF at ${i}: records must end with CRLF`);
    } else if (closedQuote) {
      throw new Error(`text after a closing quote at ${i}`);
    } else if (char === '"') {
      if (field !== "") throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error("unterminated quoted field");
  if (field !== "" || record.length > 0 || closedQuote) throw new Error("the last record lacks its CRLF");
  return records;
}
