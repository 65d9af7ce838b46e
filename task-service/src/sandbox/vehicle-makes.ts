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

export const VEHICLE_MAKES: readonly VehicleMake[] = [
  {
    label: "Ford Mustang",
    wmi: "1FA",
    descriptors: ["6P8TH", "6P8CF"],
    plants: "5",
    electric: false,
    weight: 4,
  },
  {
    label: "Ford Explorer / Escape",
    wmi: "1FM",
    descriptors: ["5K8GC", "CU9GD", "5K8DH"],
    plants: "GLU",
    electric: false,
    weight: 9,
  },
  {
    label: "Chevrolet Malibu",
    wmi: "1G1",
    descriptors: ["ZD5ST", "ZB5ST"],
    plants: "F",
    electric: false,
    weight: 9,
  },
  {
    label: "Chevrolet Traverse",
    wmi: "1GN",
    descriptors: ["EVHKW", "ERGKW"],
    plants: "J",
    electric: false,
    weight: 5,
  },
  {
    label: "Toyota Corolla",
    wmi: "JTD",
    descriptors: ["EPMAE", "EPRAE"],
    plants: "JP",
    electric: false,
    weight: 8,
  },
  {
    label: "Toyota Camry",
    wmi: "4T1",
    descriptors: ["B11HK", "G11AK"],
    plants: "U",
    electric: false,
    weight: 9,
  },
  {
    label: "Honda Accord",
    wmi: "1HG",
    descriptors: ["CV1F3", "CV2F9"],
    plants: "A",
    electric: false,
    weight: 6,
  },
  {
    label: "Hyundai Tucson",
    wmi: "KM8",
    descriptors: ["J3CA4", "JBCAE"],
    plants: "U",
    electric: false,
    weight: 6,
  },
  {
    label: "Hyundai Elantra",
    wmi: "5NP",
    descriptors: ["D84LF", "LM4AG"],
    plants: "H",
    electric: false,
    weight: 6,
  },
  {
    label: "Nissan Altima",
    wmi: "1N4",
    descriptors: ["BL4BV", "BL4DV"],
    plants: "CN",
    electric: false,
    weight: 8,
  },
  {
    label: "Volkswagen Jetta",
    wmi: "3VW",
    descriptors: ["C57BU", "N57BU"],
    plants: "M",
    electric: false,
    weight: 5,
  },
  {
    label: "Jeep Grand Cherokee",
    wmi: "1C4",
    descriptors: ["RJFAG", "RJKBG"],
    plants: "C",
    electric: false,
    weight: 5,
  },
  {
    label: "Kia Forte",
    wmi: "3KP",
    descriptors: ["F24AD", "F54AD"],
    plants: "E",
    electric: false,
    weight: 4,
  },
  {
    label: "BMW 3 Series",
    wmi: "WBA",
    descriptors: ["5R1C0", "5R7C0"],
    plants: "FK",
    electric: false,
    weight: 2,
  },
  {
    label: "Tesla Model 3",
    wmi: "5YJ",
    descriptors: ["3E1EA", "3E1EB"],
    plants: "F",
    electric: true,
    weight: 4,
  },
  {
    label: "Tesla Model Y",
    wmi: "7SA",
    descriptors: ["YGDEE", "YGDEF"],
    plants: "FA",
    electric: true,
    weight: 3,
  },
  {
    label: "Nissan Leaf",
    wmi: "1N4",
    descriptors: ["AZ1CP", "AZ1CV"],
    plants: "C",
    electric: true,
    weight: 1,
  },
  {
    label: "Ford Mustang Mach-E",
    wmi: "3FM",
    descriptors: ["TK3SU", "TK1SS"],
    plants: "M",
    electric: true,
    weight: 1,
  },
];
