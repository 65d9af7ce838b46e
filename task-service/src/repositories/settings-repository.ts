// Small named values the service keeps in its store (the cursor key, the sandbox fingerprint).
import type { SqlExecutor } from "../store/store";

export async function readSetting(db: SqlExecutor, name: string): Promise<string | undefined> {
  const rows = await db.query<{ value: string }>("SELECT value FROM service_settings WHERE name = $1", [
    name,
  ]);
  return rows[0]?.value;
}

export async function writeSetting(db: SqlExecutor, name: string, value: string): Promise<void> {
  await db.query(
    `INSERT INTO service_settings (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
    [name, value],
  );
}

/** First writer wins, so several instances starting together agree on one value. */
export async function settingOrCreate(db: SqlExecutor, name: string, create: () => string): Promise<string> {
  await db.query("INSERT INTO service_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    create(),
  ]);
  const value = await readSetting(db, name);
  if (value === undefined) throw new Error(`setting ${name} vanished after insert`);
  return value;
}
