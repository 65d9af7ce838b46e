// A service token for a benchmark's own reads of the sandbox service (client credentials, Basic).
export async function serviceToken(serviceUrl: string, clientId: string, secret: string): Promise<string> {
  const response = await fetch(`${serviceUrl}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (!response.ok) throw new Error(`token for ${clientId}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
