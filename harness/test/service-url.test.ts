import { expect, it } from "vitest";
import { serviceUrl } from "../service-process";

it("reaches a service on every address through the loopback, and one on a named host by that name", () => {
  expect(serviceUrl(undefined, 4010)).toBe("http://127.0.0.1:4010");
  expect(serviceUrl("0.0.0.0", 4010)).toBe("http://127.0.0.1:4010");
  expect(serviceUrl("::", 4010)).toBe("http://127.0.0.1:4010");
  expect(serviceUrl("127.0.0.1", 4010)).toBe("http://127.0.0.1:4010");
  expect(serviceUrl("localhost", 4010)).toBe("http://localhost:4010");
  expect(serviceUrl("10.1.2.3", 4010)).toBe("http://10.1.2.3:4010");
  expect(serviceUrl("::1", 4010)).toBe("http://[::1]:4010");
});
