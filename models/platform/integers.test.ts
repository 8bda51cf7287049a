import { describe, expect, it } from "vitest";
import { databaseInteger, integerParam, MAX_DATABASE_INTEGER } from "./integers";

describe("numbers bound for an integer column", () => {
  it("takes 1 to 2147483647 from a URL or a form", () => {
    expect(MAX_DATABASE_INTEGER).toBe(2 ** 31 - 1);
    expect(integerParam("1")).toBe(1);
    expect(integerParam("2147483647")).toBe(2_147_483_647);
    expect(databaseInteger().parse(" 12 ")).toBe(12);
    expect(databaseInteger().parse(12)).toBe(12);
  });

  it("refuses anything past the range or not plainly a whole number, with one message", () => {
    for (const odd of [
      "2147483648",
      "99999999999999999999",
      "0",
      "-1",
      "1.5",
      "1e3",
      "0x10",
      "",
      null,
      undefined,
    ])
      expect(integerParam(odd), String(odd)).toBeNull();
    const parsed = databaseInteger("Please give a page number.").safeParse("99999999999999999999");
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["Please give a page number."]);
  });
});
