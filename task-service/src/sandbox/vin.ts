// Vehicle Identification Numbers (ISO 3779 / 49 CFR 565) with the North American check digit, so
// sandbox VINs pass the same validation that real fleet data would.

/** The 33 characters a VIN may use: I, O and Q are excluded because they read like 1 and 0. */
export const VIN_ALPHABET = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ";

const VIN_SHAPE = /^[0-9A-HJ-NPR-Z]{17}$/;

// Letter values of the standard transliteration table; digits keep their own value.
// prettier-ignore
const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

// Position weights; position 9 (the check digit itself) weighs 0.
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

// Lookup by char code keeps the check digit cheap when building tens of thousands of vehicles.
const VALUE_BY_CODE = new Int8Array(128).fill(-1);
for (const char of VIN_ALPHABET) {
  VALUE_BY_CODE[char.charCodeAt(0)] = /\d/.test(char) ? Number(char) : (LETTER_VALUES[char] ?? -1);
}

/** Model-year codes (VIN position 10) repeat every 30 years; 2010 is "A". */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

export function modelYearCode(year: number): string {
  const index = (((year - 2010) % 30) + 30) % 30;
  return YEAR_CODES.charAt(index);
}

/** Computes the check digit ("0".."9" or "X") of a 17-character VIN; position 9 is ignored. */
export function vinCheckDigit(vin: string): string {
  if (!VIN_SHAPE.test(vin)) throw new RangeError(`not a 17-character VIN: ${JSON.stringify(vin)}`);
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    sum += (VALUE_BY_CODE[vin.charCodeAt(i)] ?? 0) * (WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** True for a well-formed VIN whose check digit matches. */
export function isValidVin(vin: string): boolean {
  return VIN_SHAPE.test(vin) && vin.charAt(8) === vinCheckDigit(vin);
}

export interface VinParts {
  /** World manufacturer identifier, positions 1-3 (e.g. "1FA"). */
  wmi: string;
  /** Vehicle descriptor section, positions 4-8. */
  descriptor: string;
  /** Model year code, position 10. */
  yearCode: string;
  /** Assembly plant code, position 11. */
  plant: string;
  /** Production serial number, positions 12-17 (a number below 1,000,000). */
  serial: number;
}

/** Assembles a VIN from its parts and fills in the check digit. */
export function assembleVin(parts: VinParts): string {
  const serial = String(parts.serial).padStart(6, "0");
  const draft = `${parts.wmi}${parts.descriptor}0${parts.yearCode}${parts.plant}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}
