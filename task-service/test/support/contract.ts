// Checks observed HTTP responses against contract/service/openapi.yaml, so any drift between the
// implementation and the published contract fails a test instead of surprising an integrator.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse } from "yaml";

export interface ObservedResponse {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const contractDocument: unknown = parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../contract/service/openapi.yaml"), "utf8"),
);

// The whole document is registered as one schema so that the `$ref`s inside it resolve exactly
// as an OpenAPI tool would resolve them; validators are compiled by JSON pointer into it.
const DOCUMENT_ID = "openapi.json";
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(contractDocument as object, DOCUMENT_ID);
const validators = new Map<string, ValidateFunction>();

const escapeSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

function at(pointer: string[]): unknown {
  let node: unknown = contractDocument;
  for (const segment of pointer) node = isNode(node) ? node[segment] : undefined;
  return node;
}

// Response and header objects may be `$ref`s to components; Ajv only follows refs inside
// schemas, so these are followed here, keeping the pointer to compile the schema by location.
// Only local refs exist in the document; anything else ends in the "nothing at" error.
function deref(pointer: string[]): { node: Node; pointer: string[] } {
  const node = at(pointer);
  if (!isNode(node)) throw new Error(`openapi.yaml is broken: nothing at #/${pointer.join("/")}`);
  if (typeof node.$ref !== "string") return { node, pointer };
  const target = node.$ref.replace(/^#\//, "").split("/");
  return deref(target.map((s) => decodeURIComponent(s).replaceAll("~1", "/").replaceAll("~0", "~")));
}

function validatorFor(pointer: string[]): ValidateFunction {
  // Pointer segments such as `{id}` are percent-encoded to form a valid URI fragment.
  const ref = `${DOCUMENT_ID}#/${pointer.map((s) => encodeURIComponent(escapeSegment(s))).join("/")}`;
  const validate = validators.get(ref) ?? ajv.compile({ $ref: ref });
  validators.set(ref, validate);
  return validate;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape can only match a template parameter, never a literal
  }
}

/** The path template matching a concrete path; literal segments win over `{param}` segments. */
function matchTemplate(pathname: string): string | undefined {
  const segments = pathname.split("/").map(decodeSegment);
  const isParam = (part: string) => /^\{[^}]+\}$/.test(part);
  const fits = (parts: string[]) =>
    parts.length === segments.length &&
    parts.every((part, i) => part === segments[i] || (isParam(part) && segments[i] !== ""));
  const literals = (template: string) => template.split("/").filter((part) => !isParam(part)).length;
  const paths = at(["paths"]);
  const candidates = Object.keys(isNode(paths) ? paths : {}).filter((template) => fits(template.split("/")));
  return candidates.sort((a, b) => literals(b) - literals(a))[0];
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

const bareMediaType = (value: string) => (value.split(";")[0] ?? "").trim().toLowerCase();

export function assertMatchesContract(response: ObservedResponse): void {
  const method = response.method.toUpperCase();
  const status = String(response.statusCode);
  const { pathname } = new URL(response.url, "http://contract.invalid");
  // Typed explicitly so that TypeScript narrows after `fail(...)` statements.
  const fail: (why: string) => never = (why) => {
    const body = response.body.length > 600 ? `${response.body.slice(0, 600)}...` : response.body;
    throw new Error(
      `${method} ${response.url} -> ${status} does not match openapi.yaml: ${why}\nreceived: ${body}`,
    );
  };

  const template = matchTemplate(pathname) ?? fail(`no documented path matches ${pathname}`);
  // HEAD is served by the GET handler. 405 answers a method that has no operation by definition,
  // so the contract lists it on the path's GET operation, or on its only operation (the token
  // endpoint's POST): OpenAPI has no per-path responses.
  let operation = method === "HEAD" ? "get" : method.toLowerCase();
  if (!isNode(at(["paths", template, operation]))) {
    const served = Object.keys(at(["paths", template]) ?? {});
    const listedOn = served.includes("get") ? "get" : served.length === 1 ? served[0] : undefined;
    if (status === "405" && listedOn !== undefined) operation = listedOn;
    else fail(`${method} is not documented for ${template}`);
  }
  const responsesPointer = ["paths", template, operation, "responses"];
  const responses = Object.keys(at(responsesPointer) ?? {});
  const key = [status, "default"].find((candidate) => responses.includes(candidate));
  if (key === undefined) {
    fail(`status ${status} is not documented for ${template} (documented: ${responses.join(", ")})`);
  }
  const documented = deref([...responsesPointer, key]);

  const documentedHeaders = isNode(documented.node.headers) ? documented.node.headers : {};
  for (const name of Object.keys(documentedHeaders)) {
    const header = deref([...documented.pointer, "headers", name]);
    const raw = headerValue(response.headers, name);
    if (raw === undefined) {
      if (header.node.required === true) fail(`required header ${name} is missing`);
      continue;
    }
    // Header values are text on the wire: whole numbers become numbers for integer schemas, and
    // anything else stays a string, which an integer schema then rejects.
    const integer =
      deref([...header.pointer, "schema"]).node.type === "integer" && /^-?\d+$/.test(raw.trim());
    const value = integer ? Number(raw) : raw;
    const validate = validatorFor([...header.pointer, "schema"]);
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
  const contentType = headerValue(response.headers, "content-type");
  if (contentType === undefined) {
    if (method === "HEAD") return; // RFC 9110: a HEAD response SHOULD, not MUST, repeat GET's headers
    fail("Content-Type is missing");
  }
  const mediaType = bareMediaType(contentType);
  const documentedType = Object.keys(content).find((type) => bareMediaType(type) === mediaType);
  if (documentedType === undefined) {
    fail(`Content-Type ${contentType} is not documented (documented: ${Object.keys(content).join(", ")})`);
  }
  if (method === "HEAD" || !/[/+]json$/.test(mediaType)) return; // only JSON bodies have schemas worth checking

  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    fail("the body is not valid JSON");
  }
  const validate = validatorFor([...documented.pointer, "content", documentedType, "schema"]);
  if (!validate(body)) fail(explain(validate.errors, "body"));
}
