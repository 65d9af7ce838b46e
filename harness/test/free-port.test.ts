// The harness's ports sit below the kernel's ephemeral range, where no outgoing connection's local
// port can take one between the probe and the server's listen.
import { createServer } from "node:net";
import { expect, it } from "vitest";
import { ephemeralRangeStart, freePort } from "../free-port";

it("hands out free loopback ports below the ephemeral range, and different ones", async () => {
  const start = ephemeralRangeStart();
  expect(start).toBeGreaterThan(10_000);
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port).toBeLessThan(start);
  }
  expect(new Set(ports).size).toBeGreaterThan(15);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(ports[0], "127.0.0.1", resolve);
  });
  await new Promise((resolve) => server.close(resolve));
});
