import { describe, expect, it } from "vitest";
import { checkCatalogFile } from "~models/back-office/catalog-files.server";
import { SHOP_FILE_RULES, SHOP_IMAGE_RULES } from "~models/back-office/catalog";
import { ATTACHMENT_RULES, CV_RULES } from "~models/forms/applications";
import { PROJECT_FILE_RULES, UPLOAD_MESSAGES } from "~models/platform/uploads";
import { checkUpload, fileMatchesExtension } from "~models/platform/uploads.server";
import { LIARS, SAMPLES, sampleFile } from "./upload-samples";

// Every upload kind takes a real small file of each type it allows, and
// refuses a program or a web page that wears one of its extensions: all
// through the one file-type check (models/platform/uploads.server.ts).

const PLATFORM_KINDS = {
  "project files": PROJECT_FILE_RULES,
  CV: CV_RULES,
  "collaboration attachment": ATTACHMENT_RULES,
};

describe.each(Object.entries(PLATFORM_KINDS))("%s", (_kind, rules) => {
  it.each(rules.extensions.map((extension) => [extension]))("accepts a real .%s", async (extension) => {
    const checked = await checkUpload(sampleFile(SAMPLES[extension]!, `sample.${extension}`), rules);
    expect(checked).toMatchObject({ ok: true, kind: extension });
  });

  it("refuses a program or a web page renamed to each allowed extension", async () => {
    for (const extension of rules.extensions)
      for (const bytes of Object.values(LIARS))
        expect(await checkUpload(sampleFile(bytes, `renamed.${extension}`), rules)).toEqual({
          ok: false,
          message: UPLOAD_MESSAGES.contentMismatch,
        });
  });
});

const CATALOG_KINDS = { file: SHOP_FILE_RULES, image: SHOP_IMAGE_RULES } as const;

describe.each(Object.entries(CATALOG_KINDS))("shop %s", (kind, rules) => {
  it.each(rules.extensions.map((extension) => [extension]))("accepts a real .%s", async (extension) => {
    const checked = await checkCatalogFile(
      sampleFile(SAMPLES[extension]!, `sample.${extension}`),
      kind as "file" | "image",
    );
    expect(checked).toMatchObject({ ok: true, file: { extension, bytes: SAMPLES[extension] } });
  });

  it("refuses a program renamed to each allowed extension, and a web page wherever it is not text", async () => {
    for (const extension of rules.extensions as readonly string[])
      for (const [liar, bytes] of Object.entries(LIARS)) {
        const checked = await checkCatalogFile(sampleFile(bytes, `renamed.${extension}`), kind as "file");
        // A web page is valid UTF-8 text, which is all a .txt or .csv must be (as before).
        if (liar === "html" && (extension === "txt" || extension === "csv")) expect(checked.ok).toBe(true);
        else expect(checked, `${liar} as .${extension}`).toMatchObject({ ok: false });
      }
  });
});

describe("the one check, for every extension any upload allows", () => {
  it("refuses a program renamed to any of them, and a web page unless it is plain text", async () => {
    for (const extension of Object.keys(SAMPLES))
      for (const [liar, bytes] of Object.entries(LIARS))
        expect(await fileMatchesExtension(sampleFile(bytes, `x.${extension}`), extension), liar).toBe(
          liar === "html" && (extension === "txt" || extension === "csv"),
        );
  });
});
