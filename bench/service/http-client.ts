// A minimal keep-alive HTTP client on node:http. One socket, reused, so a measured request is one
// round trip on a warm connection, as a real API client would make it; no fetch/undici layers on top.
import { Agent, request, type IncomingHttpHeaders } from "node:http";

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export class HttpClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  withHeaders(headers: Record<string, string>): HttpClient {
    return new HttpClient(this.baseUrl, { ...this.headers, ...headers });
  }

  get(path: string): Promise<HttpResponse> {
    return this.send("GET", path);
  }

  post(path: string, body: string, headers: Record<string, string>): Promise<HttpResponse> {
    return this.send("POST", path, body, headers);
  }

  put(path: string, body: Buffer, headers: Record<string, string>): Promise<HttpResponse> {
    return this.send("PUT", path, body, headers);
  }

  /** Like get, but fails unless the answer is 200, and parses the JSON body. */
  async getJson<T>(path: string): Promise<T> {
    const response = await this.get(path);
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}: ${response.body.toString("utf8")}`);
    }
    return JSON.parse(response.body.toString("utf8")) as T;
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: string, path: string, body?: string | Buffer, extra: Record<string, string> = {}) {
    return new Promise<HttpResponse>((resolve, reject) => {
      const headers = { ...this.headers, ...extra };
      if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
      const req = request(new URL(path, this.baseUrl), { method, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  }
}
