import { describe, expect, it } from "vitest";
import { readStartSettings, StartSettingError } from "@/scripts/start-settings";

describe("npm start's settings", () => {
  it("take an empty or blank setting as unset, keeping the data folders that last between starts", () => {
    const settings = readStartSettings({
      PORT: "",
      VTS_PORT: " ",
      MIRROR_DATA_DIR: "",
      WORKSPACE_DATA_DIR: "  ",
      VTS_CLIENT_ID: "",
      NEXT_DIST_DIR: "",
    });
    expect(settings).toMatchObject({
      dashboardPort: 3000,
      servicePort: 4010,
      mirrorDataDir: ".data/mirror",
      workspaceDataDir: ".data/workspace",
      clientId: "sandbox-full",
      distDir: ".next",
    });
  });

  it("take what is given", () => {
    expect(
      readStartSettings({
        PORT: "8080",
        VTS_PORT: "4100",
        WORKSPACE_DATA_DIR: "/srv/ws",
        NEXT_DIST_DIR: "out",
      }),
    ).toMatchObject({ dashboardPort: 8080, servicePort: 4100, workspaceDataDir: "/srv/ws", distDir: "out" });
  });

  it("refuse a port that is no port, naming the setting", () => {
    for (const bad of ["0", "65536", "abc", "80.5", "0x50", "1e3", "-1"]) {
      expect(() => readStartSettings({ PORT: bad }), bad).toThrow(StartSettingError);
      expect(() => readStartSettings({ PORT: bad }), bad).toThrow(/^PORT must be a port number/);
    }
    expect(() => readStartSettings({ VTS_PORT: "99999" })).toThrow(/^VTS_PORT must be a port number/);
  });
});
