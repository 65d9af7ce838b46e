import { describe, expect, it } from "vitest";
import { VIN_ALPHABET, assembleVin, isValidVin, modelYearCode, vinCheckDigit } from "../../src/sandbox/vin";

describe("VIN check digit", () => {
  it.each([
    ["1M8GDM9AXKP042788", "X"], // the textbook example of 49 CFR 565
    ["11111111111111111", "1"],
    ["1HGCM82633A004352", "3"], // 2003 Honda Accord
    ["JH4KA7561PC008269", "1"], // 1993 Acura Legend
    ["1GNEK13ZX3R298984", "X"], // 2003 Chevrolet Tahoe
  ])("accepts the real VIN %s (check digit %s)", (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(isValidVin(vin)).toBe(true);
  });

  it("rejects published VINs with one character changed", () => {
    expect(isValidVin("1HGCM82633A004353")).toBe(false);
    expect(isValidVin("JH4KA7561PC008268")).toBe(false);
  });

  it("rejects a wrong check digit, wrong length and the letters I, O and Q", () => {
    expect(isValidVin("1M8GDM9A1KP042788")).toBe(false);
    expect(isValidVin("1M8GDM9AXKP04278")).toBe(false);
    expect(isValidVin("1M8GDM9AXKP0427888")).toBe(false);
    expect(isValidVin("1M8GDM9AXKP04278O")).toBe(false);
    expect(isValidVin("IM8GDM9AXKP042788")).toBe(false);
    expect(isValidVin("1M8GDM9AXKQ042788")).toBe(false);
    expect(isValidVin("1m8gdm9axkp042788")).toBe(false);
    expect(() => vinCheckDigit("short")).toThrow(RangeError);
  });

  it("excludes I, O and Q from the alphabet", () => {
    expect(VIN_ALPHABET).toHaveLength(33);
    expect(VIN_ALPHABET).not.toMatch(/[IOQ]/);
  });
});

describe("assembleVin", () => {
  it("places the parts and a correct check digit", () => {
    const vin = assembleVin({ wmi: "1FA", descriptor: "6P8TH", yearCode: "R", plant: "5", serial: 42 });
    expect(vin).toMatch(/^1FA6P8TH[0-9X]R5000042$/);
    expect(isValidVin(vin)).toBe(true);
  });

  it("reproduces the check digit of a real VIN from its parts", () => {
    expect(assembleVin({ wmi: "1M8", descriptor: "GDM9A", yearCode: "K", plant: "P", serial: 42788 })).toBe(
      "1M8GDM9AXKP042788",
    );
  });
});

describe("modelYearCode", () => {
  it("follows the 30-year cycle of VIN position 10", () => {
    expect(modelYearCode(2010)).toBe("A");
    expect(modelYearCode(2019)).toBe("K");
    expect(modelYearCode(2024)).toBe("R");
    expect(modelYearCode(2025)).toBe("S");
    expect(modelYearCode(2026)).toBe("T");
    expect(modelYearCode(2031)).toBe("1");
    expect(modelYearCode(2040)).toBe("A");
    expect(modelYearCode(2001)).toBe("1");
  });
});
