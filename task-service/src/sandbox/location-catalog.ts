// The fixed catalogue of sandbox branches: a US-centric rental fleet with a few international
// branches. Names deliberately include commas, double quotes, apostrophes and non-ASCII text so that
// CSV export, JSON escaping and filtering get exercised by realistic data.

import type { LocationRecord } from "../domain/records";

export interface CatalogLocation extends LocationRecord {
  /** Airport branches are busier and hold more of the fleet than downtown branches. */
  kind: "airport" | "downtown";
  /** Branches of one metro area swap vehicles most often. */
  metro: string;
  /** Country, taken from the address; vehicles do not leave their country. */
  country: string;
  /** Relative share of the fleet homed here. */
  weight: number;
}

// One branch per line: id | metro | weight | IANA zone | name | single-line address.
// A text table keeps 30 branches readable; no field may contain "|".
const TABLE = `
loc_anc_airport      | ANC | 1 | America/Anchorage   | Ted Stevens Anchorage International Airport | 5000 W International Airport Rd, Anchorage, AK 99502, USA
loc_atl_airport      | ATL | 4 | America/New_York    | Hartsfield–Jackson Atlanta International Airport | 2200 Rental Car Center Pkwy, College Park, GA 30337, USA
loc_atl_midtown      | ATL | 1 | America/New_York    | Atlanta, Midtown | 1075 Peachtree St NE, Atlanta, GA 30309, USA
loc_bos_airport      | BOS | 2 | America/New_York    | Boston Logan International Airport | 15 Transportation Way, East Boston, MA 02128, USA
loc_bos_back_bay     | BOS | 1 | America/New_York    | Boston "Back Bay" | 100 Clarendon St, Boston, MA 02116, USA
loc_chi_loop         | CHI | 1 | America/Chicago     | Chicago, The Loop | 200 N LaSalle St, Chicago, IL 60601, USA
loc_den_airport      | DEN | 3 | America/Denver      | Denver International Airport | 24530 E 78th Ave, Denver, CO 80249, USA
loc_dfw_airport      | DFW | 3 | America/Chicago     | Dallas/Fort Worth International Airport | 2424 E 38th St, Irving, TX 75261, USA
loc_gru_airport      | SAO | 1 | America/Sao_Paulo   | São Paulo–Guarulhos International Airport | Rod. Hélio Smidt, s/n, Guarulhos, SP 07190-100, Brazil
loc_hnl_airport      | HNL | 2 | Pacific/Honolulu    | Daniel K. Inouye International Airport (HNL) | 300 Rodgers Blvd, Honolulu, HI 96819, USA
loc_jfk_airport      | NYC | 3 | America/New_York    | John F. Kennedy International Airport | 1 Federal Cir, Jamaica, NY 11430, USA
loc_la_downtown      | LA  | 1 | America/Los_Angeles | Los Angeles, Downtown | 700 W 7th St, Los Angeles, CA 90017, USA
loc_las_airport      | LAS | 3 | America/Los_Angeles | Harry Reid International Airport (LAS) | 7135 Gilespie St, Las Vegas, NV 89119, USA
loc_lax_airport      | LA  | 5 | America/Los_Angeles | Los Angeles International Airport (LAX) | 1 World Way, Los Angeles, CA 90045, USA
loc_lhr_airport      | LON | 1 | Europe/London       | London Heathrow Airport, Terminal 5 | Wallis Rd, Hounslow TW6 2GA, United Kingdom
loc_mco_airport      | ORL | 3 | America/New_York    | Orlando International Airport | 1 Jeff Fuqua Blvd, Orlando, FL 32827, USA
loc_mia_airport      | MIA | 3 | America/New_York    | Miami International Airport | 3900 NW 25th St, Miami, FL 33142, USA
loc_mia_beach        | MIA | 1 | America/New_York    | Miami Beach "South Beach" | 1500 Collins Ave, Miami Beach, FL 33139, USA
loc_muc_hauptbahnhof | MUC | 1 | Europe/Berlin       | München, Hauptbahnhof | Bayerstraße 10, 80335 München, Germany
loc_nrt_airport      | TYO | 1 | Asia/Tokyo          | Narita International Airport | 1-1 Furugome, Narita, Chiba 282-0004, Japan
loc_nyc_midtown      | NYC | 2 | America/New_York    | Manhattan "Midtown West" | 545 W 42nd St, New York, NY 10036, USA
loc_ord_airport      | CHI | 4 | America/Chicago     | Chicago O'Hare International Airport | 10000 Bessie Coleman Dr, Chicago, IL 60666, USA
loc_phx_airport      | PHX | 3 | America/Phoenix     | Phoenix Sky Harbor International Airport | 1805 E Sky Harbor Cir S, Phoenix, AZ 85034, USA
loc_sea_airport      | SEA | 2 | America/Los_Angeles | Seattle–Tacoma International Airport | 3150 S 160th St, SeaTac, WA 98188, USA
loc_sf_union_square  | SF  | 1 | America/Los_Angeles | San Francisco, Union Square | 333 O'Farrell St, San Francisco, CA 94102, USA
loc_sfo_airport      | SF  | 3 | America/Los_Angeles | San Francisco International Airport (SFO) | 780 N McDonnell Rd, San Francisco, CA 94128, USA
loc_syd_airport      | SYD | 1 | Australia/Sydney    | Sydney Kingsford Smith Airport | Keith Smith Ave, Mascot NSW 2020, Australia
loc_tyo_shinjuku     | TYO | 1 | Asia/Tokyo          | Tokyo Shinjuku (新宿) | 3-38-1 Shinjuku, Shinjuku City, Tokyo 160-0022, Japan
loc_yul_airport      | YUL | 1 | America/Toronto     | Montréal–Trudeau Airport | 975 Boulevard Roméo-Vachon N, Dorval, QC H4Y 1H1, Canada
loc_yyz_airport      | YYZ | 1 | America/Toronto     | Toronto Pearson International Airport | 6301 Silver Dart Dr, Mississauga, ON L5P 1B2, Canada
loc_zrh_airport      | ZRH | 1 | Europe/Zurich       | Zürich Airport | Flughafenstrasse 61, 8058 Zürich-Flughafen, Switzerland
`;

function parseRow(row: string): CatalogLocation {
  const [id = "", metro = "", weight = "", timezone = "", name = "", address = ""] = row
    .split("|")
    .map((field) => field.trim());
  const country = address.slice(address.lastIndexOf(",") + 1).trim();
  const kind = id.endsWith("_airport") ? "airport" : "downtown";
  return { id, name, timezone, address, kind, metro, country, weight: Number(weight) };
}

/** Every branch with its generator metadata, ordered by id (plain code-unit order). */
export const CATALOG: readonly CatalogLocation[] = TABLE.split("\n")
  .filter((row) => row.trim() !== "")
  .map(parseRow)
  .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The public records: fresh objects each call so callers cannot alter the catalogue. */
export function catalogRecords(): LocationRecord[] {
  return CATALOG.map(({ id, name, timezone, address }) => ({ id, name, timezone, address }));
}
