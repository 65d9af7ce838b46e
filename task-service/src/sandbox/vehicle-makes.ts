// Makes and models of the sandbox fleet, described by the VIN parts that identify them. WMIs are real
// manufacturer codes; descriptors and plant codes are plausible, so VINs look like a rental fleet's.

export interface VehicleMake {
  /** What the make stands for; documentation only. */
  label: string;
  /** World manufacturer identifier (VIN positions 1-3). */
  wmi: string;
  /** Vehicle descriptor sections (VIN positions 4-8), one per model/trim. */
  descriptors: readonly string[];
  /** Assembly plant codes (VIN position 11) the make is built at. */
  plants: string;
  /** Battery-electric vehicles get no oil changes and do get battery diagnostics. */
  electric: boolean;
  /** Relative share of the fleet. */
  weight: number;
}

// label, WMI, descriptors (space-separated), plant codes, electric, weight.
const MAKES: ReadonlyArray<readonly [string, string, string, string, boolean, number]> = [
  ["Ford Mustang", "1FA", "6P8TH 6P8CF", "5", false, 4],
  ["Ford Explorer / Escape", "1FM", "5K8GC CU9GD 5K8DH", "GLU", false, 9],
  ["Chevrolet Malibu", "1G1", "ZD5ST ZB5ST", "F", false, 9],
  ["Chevrolet Traverse", "1GN", "EVHKW ERGKW", "J", false, 5],
  ["Toyota Corolla", "JTD", "EPMAE EPRAE", "JP", false, 8],
  ["Toyota Camry", "4T1", "B11HK G11AK", "U", false, 9],
  ["Honda Accord", "1HG", "CV1F3 CV2F9", "A", false, 6],
  ["Hyundai Tucson", "KM8", "J3CA4 JBCAE", "U", false, 6],
  ["Hyundai Elantra", "5NP", "D84LF LM4AG", "H", false, 6],
  ["Nissan Altima", "1N4", "BL4BV BL4DV", "CN", false, 8],
  ["Volkswagen Jetta", "3VW", "C57BU N57BU", "M", false, 5],
  ["Jeep Grand Cherokee", "1C4", "RJFAG RJKBG", "C", false, 5],
  ["Kia Forte", "3KP", "F24AD F54AD", "E", false, 4],
  ["BMW 3 Series", "WBA", "5R1C0 5R7C0", "FK", false, 2],
  ["Tesla Model 3", "5YJ", "3E1EA 3E1EB", "F", true, 4],
  ["Tesla Model Y", "7SA", "YGDEE YGDEF", "FA", true, 3],
  ["Nissan Leaf", "1N4", "AZ1CP AZ1CV", "C", true, 1],
  ["Ford Mustang Mach-E", "3FM", "TK3SU TK1SS", "M", true, 1],
];

export const VEHICLE_MAKES: readonly VehicleMake[] = MAKES.map(
  ([label, wmi, descriptors, plants, electric, weight]) => ({
    label,
    wmi,
    descriptors: descriptors.split(" "),
    plants,
    electric,
    weight,
  }),
);
