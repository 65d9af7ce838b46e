// What `npm start` reads from its environment. A setting left empty (`PORT=`) is taken as unset,
// as the programs themselves take one: an empty data folder would otherwise become a temporary
// one that is removed at the stop, with staff's overrides, views and audit trail in it.

export class StartSettingError extends Error {}

export interface StartSettings {
  servicePort: number;
  dashboardPort: number;
  /** Where `next build` writes and the dashboard's server is read from. */
  distDir: string;
  mirrorDataDir: string;
  workspaceDataDir: string;
  clientId: string;
  clientSecret: string;
  authSecret: string | undefined;
  authUrl: string | undefined;
}

function given(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function port(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const text = given(env, name);
  if (text === undefined) return fallback;
  const value = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= 65_535))
    throw new StartSettingError(`${name} must be a port number from 1 to 65535, not "${text}".`);
  return value;
}

export function readStartSettings(env: Readonly<Record<string, string | undefined>>): StartSettings {
  return {
    servicePort: port(env, "VTS_PORT", 4010),
    dashboardPort: port(env, "PORT", 3000),
    distDir: given(env, "NEXT_DIST_DIR") ?? ".next",
    // Kept between starts, so a restart serves the mirror it had at once and syncs on, and what
    // staff set (program overrides, views, the audit trail) stays.
    mirrorDataDir: given(env, "MIRROR_DATA_DIR") ?? ".data/mirror",
    workspaceDataDir: given(env, "WORKSPACE_DATA_DIR") ?? ".data/workspace",
    clientId: given(env, "VTS_CLIENT_ID") ?? "sandbox-full",
    clientSecret: given(env, "VTS_CLIENT_SECRET") ?? "sandbox-full-secret",
    authSecret: given(env, "AUTH_SECRET"),
    authUrl: given(env, "AUTH_URL"),
  };
}
