import { beforeAll, describe, expect, it } from "vitest";
import { runSeed } from "~models/views/seed.server";
import { loader } from "~/routes/public-layout";

beforeAll(async () => {
  await runSeed();
});

describe("public layout loader", () => {
  it("returns the seeded site identity, navigation and footer", async () => {
    const shell = await loader();
    expect(shell.site.name).toBe("Ascendra");
    expect(shell.navigation.links.map((l) => l.href)).toEqual(
      expect.arrayContaining(["/services", "/solutions", "/contact", "/profile"]),
    );
    expect(shell.footer.groups.length).toBeGreaterThan(0);
  });
});
