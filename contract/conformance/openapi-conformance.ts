// Checks observed HTTP answers against an OpenAPI document (the service's or the dashboard's), so
// any drift between a program and its published contract fails a test instead of surprising a
// client. Tests only: it reads the document from disk and compiles schemas with ajv.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse } from "yaml";

export interface ObservedResponse {
  method: string;
  /** A path with its query, or an absolute URL (only its path is matched). */
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface ConformanceChecker {
  /** The parsed document (read on first use). */
  readonly document: unknown;
  /** Throws, saying what differs, when the answer is not one the document describes. */
  readonly assertMatches: (response: ObservedResponse) => void;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// The whole document is registered as one schema so that the `$ref`s inside it resolve exactly
// as an OpenAPI tool would resolve them; validators are compiled by JSON pointer into it.
const DOCUMENT_ID = "openapi.json";

const escapeSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape can only match a template parameter, never a literal
  }
}

function headerValue(headers: ObservedResponse["headers"], name: string): string | undefined {
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(", ") : String(value);
}

// Ajv's own errorsText omits the expected value of const/enum, which is what one needs to see.
function explain(errors: ValidateFunction["errors"], subject: string): string {
  return (errors ?? [])
    .map((e) => {
      const expected = e.params as { allowedValue?: unknown; allowedValues?: unknown };
      const hint = expected.allowedValue ?? expected.allowedValues;
      return `${subject}${e.instancePath} ${e.message}${hint === undefined ? "" : ` ${JSON.stringify(hint)}`}`;
    })
    .join("; ");
}

const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ZIP_SIGNATURE = "PK\u0003\u0004";

const bareMediaType = (value: string) => (value.split(";")[0] ?? "").trim().toLowerCase();

/** One document's reader: parsed and compiled lazily, so a checker costs nothing until used. */
class OpenApiDocument {
  private parsed: unknown;
  private ajv: Ajv2020 | undefined;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly file: string) {}

  get root(): unknown {
    this.parsed ??= parse(readFileSync(this.file, "utf8"));
    return this.parsed;
  }

  at(pointer: string[]): unknown {
    let node: unknown = this.root;
    for (const segment of pointer) node = isNode(node) ? node[segment] : undefined;
    return node;
  }

  // Response and header objects may be `$ref`s to components; Ajv only follows refs inside
  // schemas, so these are followed here, keeping the pointer to compile the schema by location.
  // Only local refs exist in the documents; anything else ends in the "nothing at" error.
  deref(pointer: string[]): { node: Node; pointer: string[] } {
    const node = this.at(pointer);
    if (!isNode(node)) throw new Error(`${this.name} is broken: nothing at #/${pointer.join("/")}`);
    if (typeof node.$ref !== "string") return { node, pointer };
    const target = node.$ref.replace(/^#\//, "").split("/");
    return this.deref(target.map((s) => decodeURIComponent(s).replaceAll("~1", "/").replaceAll("~0", "~")));
  }

  validatorFor(pointer: string[]): ValidateFunction {
    if (!this.ajv) {
      this.ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(this.ajv);
      this.ajv.addSchema(this.root as object, DOCUMENT_ID);
    }
    // Pointer segments such as `{id}` are percent-encoded to form a valid URI fragment.
    const ref = `${DOCUMENT_ID}#/${pointer.map((s) => encodeURIComponent(escapeSegment(s))).join("/")}`;
    const validate = this.validators.get(ref) ?? this.ajv.compile({ $ref: ref });
    this.validators.set(ref, validate);
    return validate;
  }

  get name(): string {
    return path.relative(process.cwd(), this.file) || this.file;
  }

  /** The path template matching a concrete path; literal segments win over `{param}` segments. */
  matchTemplate(pathname: string): string | undefined {
    const segments = pathname.split("/").map(decodeSegment);
    const isParam = (part: string) => /^\{[^}]+\}$/.test(part);
    const fits = (parts: string[]) =>
      parts.length === segments.length &&
      parts.every((part, i) => part === segments[i] || (isParam(part) && segments[i] !== ""));
    const literals = (template: string) => template.split("/").filter((part) => !isParam(part)).length;
    const paths = this.at(["paths"]);
    const candidates = Object.keys(isNode(paths) ? paths : {}).filter((template) =>
      fits(template.split("/")),
    );
    return candidates.sort((a, b) => literals(b) - literals(a))[0];
  }

  /**
   * `x-unrouted` (the dashboard's document): what every address under its `prefix` that no path
   * serves answers, whatever the method. OpenAPI itself has no template for a path of any depth.
   */
  unroutedResponses(pathname: string): string[] | undefined {
    const unrouted = this.at(["x-unrouted"]);
    if (!isNode(unrouted) || typeof unrouted.prefix !== "string") return undefined;
    const { prefix } = unrouted;
    return pathname === prefix || pathname.startsWith(`${prefix}/`) ? ["x-unrouted", "responses"] : undefined;
  }
}

export function conformanceChecker(documentFile: string): ConformanceChecker {
  const doc = new OpenApiDocument(documentFile);

  /** Where the answers for this method and path are documented, or why they are not. */
  function responsesFor(method: string, pathname: string, status: string): string[] | string {
    const template = doc.matchTemplate(pathname);
    if (template === undefined)
      return doc.unroutedResponses(pathname) ?? `no documented path matches ${pathname}`;
    // HEAD is served by the GET handler. 405 answers a method that has no operation by definition,
    // so the contract lists it on the path's GET operation, or on its only operation (the token
    // endpoint's POST): OpenAPI has no per-path responses.
    let operation = method === "HEAD" ? "get" : method.toLowerCase();
    if (!isNode(doc.at(["paths", template, operation]))) {
      const served = Object.keys(doc.at(["paths", template]) ?? {});
      const listedOn = served.includes("get") ? "get" : served.length === 1 ? served[0] : undefined;
      if (status !== "405" || listedOn === undefined) return `${method} is not documented for ${template}`;
      operation = listedOn;
    }
    return ["paths", template, operation, "responses"];
  }

  function assertMatches(response: ObservedResponse): void {
    const method = response.method.toUpperCase();
    const status = String(response.statusCode);
    const { pathname } = new URL(response.url, "http://contract.invalid");
    // Typed explicitly so that TypeScript narrows after `fail(...)` statements.
    const fail: (why: string) => never = (why) => {
      const body = response.body.length > 600 ? `${response.body.slice(0, 600)}...` : response.body;
      throw new Error(
        `${method} ${response.url} -> ${status} does not match ${doc.name}: ${why}\nreceived: ${body}`,
      );
    };

    const responsesPointer = responsesFor(method, pathname, status);
    if (typeof responsesPointer === "string") fail(responsesPointer);
    const responses = Object.keys(doc.at(responsesPointer) ?? {});
    const key = [status, "default"].find((candidate) => responses.includes(candidate));
    if (key === undefined) {
      fail(`status ${status} is not documented for ${pathname} (documented: ${responses.join(", ")})`);
    }
    const documented = doc.deref([...responsesPointer, key]);

    const documentedHeaders = isNode(documented.node.headers) ? documented.node.headers : {};
    for (const name of Object.keys(documentedHeaders)) {
      const header = doc.deref([...documented.pointer, "headers", name]);
      const raw = headerValue(response.headers, name);
      if (raw === undefined) {
        if (header.node.required === true) fail(`required header ${name} is missing`);
        continue;
      }
      // Header values are text on the wire: whole numbers become numbers for integer schemas, and
      // anything else stays a string, which an integer schema then rejects.
      const integer =
        doc.deref([...header.pointer, "schema"]).node.type === "integer" && /^-?\d+$/.test(raw.trim());
      const value = integer ? Number(raw) : raw;
      const validate = doc.validatorFor([...header.pointer, "schema"]);
      if (!validate(value)) fail(`header ${explain(validate.errors, name)}`);
    }

    // Node's HTTP server drops a HEAD answer's body on the wire (test/api/raw-http.test.ts checks
    // that over a socket); fastify's inject passes it through, so it says nothing here.
    if (method === "HEAD") return;
    const content = isNode(documented.node.content) ? documented.node.content : {};
    if (Object.keys(content).length === 0) {
      if (response.body !== "") fail("the contract documents no body for this response");
      return;
    }
    const contentType = headerValue(response.headers, "content-type") ?? fail("Content-Type is missing");
    const mediaType = bareMediaType(contentType);
    const documentedType = Object.keys(content).find((type) => bareMediaType(type) === mediaType);
    if (documentedType === undefined) {
      fail(`Content-Type ${contentType} is not documented (documented: ${Object.keys(content).join(", ")})`);
    }
    // A workbook is a zip archive; a body read as text keeps its signature. (A browser test does
    // not read a download's body, so none is there to check.)
    if (mediaType === XLSX_MEDIA_TYPE && response.body !== "" && !response.body.startsWith(ZIP_SIGNATURE))
      fail("the body is not an XLSX workbook (no zip signature)");
    if (!/[/+]json$/.test(mediaType)) return; // only JSON bodies have schemas worth checking

    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      fail("the body is not valid JSON");
    }
    const validate = doc.validatorFor([...documented.pointer, "content", documentedType, "schema"]);
    if (!validate(body)) fail(explain(validate.errors, "body"));
  }

  return {
    get document() {
      return doc.root;
    },
    assertMatches,
  };
}
