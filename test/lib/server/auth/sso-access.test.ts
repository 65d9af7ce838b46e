import { describe, expect, it } from "vitest";
import { ssoAccess } from "@/lib/server/auth/sso-access";

const settings: Parameters<typeof ssoAccess>[1] = {
  AUTH_OIDC_ACCESS_CLAIM: "groups",
  AUTH_OIDC_ACCESS_MAP: {
    "fleet-admins": { role: "admin", locations: "all" },
    north: { role: "viewer", locations: ["loc_north"] },
    south: { role: "viewer", locations: ["loc_south", "loc_north"] },
  },
  AUTH_OIDC_ACCESS_DEFAULT: "deny",
};

describe("single sign-on access", () => {
  it("maps the claim's values, giving the most any of them gives", () => {
    expect(ssoAccess({ groups: ["north"] }, settings)).toEqual({ role: "viewer", locations: ["loc_north"] });
    expect(ssoAccess({ groups: ["south", "north", "unrelated"] }, settings)).toEqual({
      role: "viewer",
      locations: ["loc_north", "loc_south"],
    });
    expect(ssoAccess({ groups: ["north", "fleet-admins"] }, settings)).toEqual({
      role: "admin",
      locations: "all",
    });
    // A claim of one text counts as a list of one.
    expect(ssoAccess({ groups: "north" }, settings)).toEqual({ role: "viewer", locations: ["loc_north"] });
  });

  it("gives someone no group maps the operator's default: no session, or a viewer of no location", () => {
    for (const profile of [{}, { groups: [] }, { groups: ["toString"] }, { groups: [{ north: 1 }] }]) {
      expect(ssoAccess(profile, settings), JSON.stringify(profile)).toBeUndefined();
      expect(ssoAccess(profile, { ...settings, AUTH_OIDC_ACCESS_DEFAULT: "viewer" })).toEqual({
        role: "viewer",
        locations: [],
      });
    }
  });
});
