// The HTTP calls a client makes to the service running as a process (harness/service-process.ts),
// and readers of what it logs. Every response from a documented path is checked against openapi.yaml.
import { assertMatchesContract } from "./contract";
import { basicAuth } from "./test-service";

export interface CheckedResponse {
  status: number;
  headers: Headers;
  text: string;
  json<T>(): T;
}

/** fetch, then the response is held against openapi.yaml before a test sees it. */
export async function call(baseUrl: string, pathAndQuery: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${pathAndQuery}`, init);
  return checked(response, init.method ?? "GET", pathAndQuery);
}

export async function checked(response: Response, method: string, url: string): Promise<CheckedResponse> {
  const text = await response.text();
  assertMatchesContract({
    method,
    url,
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: text,
  });
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: <T>() => JSON.parse(text) as T,
  };
}

export const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** POST /oauth/token with HTTP Basic credentials (RFC 6749 2.3.1 encoding). */
export function requestToken(baseUrl: string, clientId: string, secret: string, scope?: string) {
  return call(baseUrl, "/oauth/token", {
    method: "POST",
    headers: { ...FORM, authorization: basicAuth(clientId, secret) },
    body: new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) }).toString(),
  });
}

export async function accessToken(baseUrl: string, clientId: string, secret: string, scope?: string) {
  const response = await requestToken(baseUrl, clientId, secret, scope);
  if (response.status !== 200) throw new Error(`token for ${clientId}: ${response.status} ${response.text}`);
  return response.json<{ access_token: string }>().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JavaScript stack frame ("    at fn (file:1:2)") or Node's dump of an uncaught error. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+:\d+:\d+\)?$/m.test(text) || text.includes("triggerUncaughtException");
}

/** Parses the JSON lines of a log; a line that is not JSON makes the result carry it as a string. */
export function logLines(text: string): (Record<string, unknown> | string)[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : line;
      } catch {
        return line;
      }
    });
}
