// An RFC 4180 reader, strict enough to check a file: quoted fields may hold commas, quotes and
// line breaks; records end in CRLF (a bare LF is accepted too).

export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') [field, i] = [field + '"', i + 1];
      else quoted = false;
    } else if (char === '"') {
      if (field !== "") throw new Error(`a quote inside an unquoted field, record ${records.length + 1}`);
      quoted = true;
    } else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || (char === "\r" && text[i + 1] === "\n")) {
      if (char === "\r") i += 1;
      record.push(field);
      records.push(record);
      [record, field] = [[], ""];
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error("the file ends inside a quoted field");
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}
