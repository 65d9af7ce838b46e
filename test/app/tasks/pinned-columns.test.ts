import { describe, expect, it } from "vitest";
import { gridLayout } from "@/app/(dashboard)/tasks/components/grid-layout";
import { pinnedPlaces } from "@/app/(dashboard)/tasks/components/pinned-columns";

describe("pinned columns", () => {
  it("have fixed widths, so where each sticks is known before the grid is measured", () => {
    const layout = gridLayout(["vehicle_id", "location", "task_type"], { task_type: 200 }, ["vehicle_id"]);
    expect(layout.template).toBe("6.5rem minmax(8rem,1.2fr) 200px");
  });

  it("stick after the widths of the pinned columns before them; the last one shows an edge", () => {
    expect(pinnedPlaces(["mva", "vehicle_id", "id"], { vehicle_id: 120 }, 1280)).toEqual({
      mva: { left: "0px", edge: false },
      vehicle_id: { left: "calc(6.5rem)", edge: false },
      id: { left: "calc(6.5rem + 120px)", edge: true },
    });
    // Resizing a pinned column moves those after it.
    expect(pinnedPlaces(["mva", "vehicle_id"], { mva: 200 }, 1280).vehicle_id?.left).toBe("calc(200px)");
  });

  it("scroll like the others on a grid too narrow for them, and stick before it is measured", () => {
    // MVA (104 px) and VIN (176 px): 280 px, more than 60% of a 390-px phone's grid.
    expect(pinnedPlaces(["mva", "vin"], {}, 390)).toEqual({});
    expect(pinnedPlaces(["mva", "vin"], {}, 470)).toHaveProperty("vin.edge", true);
    expect(pinnedPlaces(["mva", "vin"], {}, 0)).toHaveProperty("mva.left", "0px");
  });
});
