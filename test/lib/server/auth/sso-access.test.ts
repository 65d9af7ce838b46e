import { describe, expect, it } from "vitest";
import { saysEmailUnverified, singleSignOnAccess, ssoAccess } from "@/lib/server/auth/sso-access";
import type { StaffAccess, Standing } from "@/lib/server/staff";

const settings: Parameters<typeof ssoAccess>[1] = {
  AUTH_OIDC_ACCESS_CLAIM: "groups",
  AUTH_OIDC_ACCESS_MAP: {
    "fleet-admins": { role: "admin", locations: "all" },
    "north-admins": { role: "admin", locations: ["loc_north"] },
    "all-staff": { role: "viewer", locations: "all" },
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
    expect(ssoAccess({ groups: ["north-admins", "north"] }, settings)).toEqual({
      role: "admin",
      locations: ["loc_north"],
    });
    // A claim of one text counts as a list of one.
    expect(ssoAccess({ groups: "north" }, settings)).toEqual({ role: "viewer", locations: ["loc_north"] });
  });

  it("makes an admin only of locations admin groups give between them, so no merge makes a staff manager", () => {
    expect(ssoAccess({ groups: ["north-admins", "all-staff"] }, settings)).toEqual({
      role: "viewer",
      locations: "all",
    });
    expect(ssoAccess({ groups: ["north-admins", "south"] }, settings)).toEqual({
      role: "viewer",
      locations: ["loc_north", "loc_south"],
    });
    expect(ssoAccess({ groups: ["fleet-admins", "all-staff", "north-admins"] }, settings)).toEqual({
      role: "admin",
      locations: "all",
    });
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

describe("a single sign-on person the staff file lists", () => {
  const admins = { groups: ["fleet-admins"] };
  const unmapped = { groups: ["contractors"] };
  const listed = (access: StaffAccess): Standing => ({ kind: "listed", access });
  const unlisted: Standing = { kind: "unlisted" };
  const decided = (standing: Standing, profile: Record<string, unknown>) =>
    singleSignOnAccess(standing, ssoAccess(profile, settings));

  it("gets the staff file's role and locations over what the map gives, narrower or wider", () => {
    const narrowed = { role: "viewer", locations: ["loc_south"] } as const;
    expect(decided(listed(narrowed), admins)).toEqual(narrowed);
    expect(decided(listed({ role: "admin", locations: "all" }), { groups: ["north"] })).toEqual({
      role: "admin",
      locations: "all",
    });
  });

  it("gets what the map gives again once the staff file no longer lists them", () => {
    expect(decided(unlisted, admins)).toEqual({ role: "admin", locations: "all" });
    expect(decided(unlisted, { groups: ["north"] })).toEqual({ role: "viewer", locations: ["loc_north"] });
  });

  it("is let in by the staff file though no group maps them and the default denies", () => {
    expect(decided(listed({ role: "viewer", locations: ["loc_north"] }), unmapped)).toEqual({
      role: "viewer",
      locations: ["loc_north"],
    });
  });

  it("leaves everyone else to the map: the default still denies whom it does not list", () => {
    expect(decided(unlisted, unmapped)).toBeUndefined();
    expect(decided(unlisted, {})).toBeUndefined();
  });

  it("is refused, whatever the map gives, while the staff file refuses them (disabled)", () => {
    expect(decided({ kind: "refused" }, admins)).toBeUndefined();
  });
});

describe("a single sign-on email the provider says is unverified", () => {
  it('is refused whether the claim is false or the text "false", in any case', () => {
    for (const claim of [false, "false", "False", "FALSE"])
      expect(
        saysEmailUnverified({ email: "ann@company.example", email_verified: claim }),
        String(claim),
      ).toBe(true);
  });

  it("is not what a verified email, or a profile without the claim, says", () => {
    for (const profile of [
      { email_verified: true },
      { email_verified: "true" },
      { email_verified: "TRUE" },
      {},
      { email_verified: null },
    ])
      expect(saysEmailUnverified({ email: "ann@company.example", ...profile }), JSON.stringify(profile)).toBe(
        false,
      );
  });
});
