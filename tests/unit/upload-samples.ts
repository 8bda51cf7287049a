// Small real files of every type an upload may be, for the file-type check's
// tests (models/platform/uploads.test.ts, tests/unit/upload-kinds.test.ts).
// The zip-based ones were written by a zip tool; doc and ppt are an OLE2
// compound file's header sector, which is what a Word 97 or PowerPoint 97
// file starts with.

const base64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));
const text = (value: string) => new TextEncoder().encode(value);

function ole2Header(): Uint8Array {
  const header = new Uint8Array(512).fill(0xff, 76);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  header.set([0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff, 0x09, 0x00, 0x06, 0x00], 24);
  header.fill(0, 34, 76);
  return header;
}

const ZIP =
  "UEsDBBQAAAAIAGSNeV0Av3KMCwAAAAkAAAAKAAAAcmVhZG1lLnR4dHMqSsxLUcjOLAEAUEsBAhQDFAAAAAgAZI15XQC/cowLAAAACQAAAAoAAAAAAAAAAAAAAIABAAAAAHJlYWRtZS50eHRQSwUGAAAAAAEAAQA4AAAAMwAAAAAA";
const DOCX =
  "UEsDBBQAAAAIAGSNeV15bjPX6AAAAK0BAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbH1QyU7DMBD9FWuuKHHggBCK0wPLETiUDxjZk8SqN3nc0v49Tlt6QIXjzFv1+tXeO7GjzDYGBbdtB4KCjsaGScHn+rV5AMEFg0EXAyk4EMNq6NeHRCyqNrCCuZT0KCXrmTxyGxOFiowxeyz1zJNMqDc4kbzrunupYygUSlMWDxj6Zxpx64p42df3qUcmxyCeTsQlSwGm5KzGUnG5C+ZXSnNOaKvyyOHZJr6pBJBXExbk74Cz7r0Ok60h8YG5vKGvLPkVs5Em6q2vyvZ/mys94zhaTRf94pZy1MRcF/euvSAebfjpL49zD99QSwMEFAAAAAgAZI15XTZX3tyiAAAAGAEAAAsAAABfcmVscy8ucmVsc43POw7CMAwG4KtE3qkLA0KoaReE1BWVA0SJm0Y0DyXhdXsyMFDEwGj792e56R52ZjeKyXjHYV3VwMhJr4zTHM7DcbWDrm1ONItcEmkyIbGy4hKHKeewR0xyIitS5QO5Mhl9tCKXMmoMQl6EJtzU9RbjpwFLk/WKQ+zVGtjwDPSP7cfRSDp4ebXk8o8TX4kii6gpc7j7qFC921VhAdsGFy+2L1BLAwQUAAAACABkjXldnPMgbo4AAAC6AAAAEQAAAHdvcmQvZG9jdW1lbnQueG1sRY7BCsIwEER/peRut3oQCWl7KPgF6r0msS00u2ETjf69ST14ecMwwzCqf7u1elkOC2Er9nUjKouazIJTK66X8+4k+k4laUg/ncVY5T4GmVoxx+glQNCzdWOoyVvM2YPYjTFbniARG8+kbQh5zq1waJojuHFBUSbvZD5FfQEXxG64KShayBv9xl8X/j+6L1BLAQIUAxQAAAAIAGSNeV15bjPX6AAAAK0BAAATAAAAAAAAAAAAAACAAQAAAABbQ29udGVudF9UeXBlc10ueG1sUEsBAhQDFAAAAAgAZI15XTZX3tyiAAAAGAEAAAsAAAAAAAAAAAAAAIABGQEAAF9yZWxzLy5yZWxzUEsBAhQDFAAAAAgAZI15XZzzIG6OAAAAugAAABEAAAAAAAAAAAAAAIAB5AEAAHdvcmQvZG9jdW1lbnQueG1sUEsFBgAAAAADAAMAuQAAAKECAAAAAA==";
const PPTX =
  "UEsDBBQAAAAIAGSNeV2e0ypc6QAAALIBAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbH2QzU7DMBCEX8XyFcUOHBBCcXrg5wgcygOsnE1i4T95t1X79jhpkQAVjuv5Zma93eYQvNhjIZeikdeqlQKjTYOLk5Hv2+fmTgpiiAP4FNHII5Lc9N32mJFE9UYycmbO91qTnTEAqZQxVmVMJQDXsUw6g/2ACfVN295qmyJj5IaXDNl3jzjCzrN4OtTn0x4FPUnxcAKXLiMhZ+8scNX1Pg6/Wppzg6rOlaHZZbqqgNQXGxbl74Kz77UeprgBxRsUfoFQKZ0z61yQqm9l1f9JF1ZN4+gsDsnuQrWo72HB/xhVABe/PqHXm/efUEsDBBQAAAAIAGSNeV2hCiaypAAAABsBAAALAAAAX3JlbHMvLnJlbHONj8EKwjAMhl+l5O6yeRCRdbuIsKvMByhd1g3XNrRV9O0tnpx48Jg/X76f1O3DLuJOIc7eSaiKEgQ57YfZGQmX/rTZQ9vUZ1pUykScZo4in7goYUqJD4hRT2RVLDyTy5vRB6tSHoNBVvqqDOG2LHcYPh2wdopukBC6oQLRP5n+cftxnDUdvb5ZculHxReRzSoYShKYE3KgmMM3XWQzYFPj6svmBVBLAwQUAAAACABkjXldtOjkGWsAAAB8AAAAFAAAAHBwdC9wcmVzZW50YXRpb24ueG1sTYsxDsIwDAC/EnmnDgwIRU278QJ4QFRMG6l2othCfX4zMp7ubpwP3t2PmuYiEa6DB0eylE+WNcL79bw8YJ7GGmojJbFkvXP9EQ01wmZWA6IuG3HSoVSS7r6lcbKObcX/j3e8eX9HTlkApxNQSwECFAMUAAAACABkjXldntMqXOkAAACyAQAAEwAAAAAAAAAAAAAAgAEAAAAAW0NvbnRlbnRfVHlwZXNdLnhtbFBLAQIUAxQAAAAIAGSNeV2hCiaypAAAABsBAAALAAAAAAAAAAAAAACAARoBAABfcmVscy8ucmVsc1BLAQIUAxQAAAAIAGSNeV206OQZawAAAHwAAAAUAAAAAAAAAAAAAACAAecBAABwcHQvcHJlc2VudGF0aW9uLnhtbFBLBQYAAAAAAwADALwAAACEAgAAAAA=";
const JPEG =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=";

/** One real sample per extension any upload kind allows. */
export const SAMPLES: Record<string, Uint8Array> = {
  pdf: text("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  doc: ole2Header(),
  ppt: ole2Header(),
  docx: base64(DOCX),
  pptx: base64(PPTX),
  jpg: base64(JPEG),
  jpeg: base64(JPEG),
  png: base64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="),
  gif: base64("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="),
  webp: base64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="),
  zip: base64(ZIP),
  rar: new Uint8Array([
    0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00, 0x33, 0x92, 0xb5, 0xe5, 0x0a, 0x01, 0x05, 0x06, 0x00,
    0x05, 0x01, 0x01, 0x80, 0x80, 0x00, 0x1d, 0x77, 0x56, 0x51, 0x03, 0x05, 0x04, 0x00,
  ]),
  svg: text(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1"/></svg>',
  ),
  txt: text("Brand voice notes\n"),
  csv: text("colour,hex\nink,#0b0b0e\n"),
  json: text('{"palette":["#0b0b0e","#f5f1e8"]}'),
};

/** Files whose extension lies: a Windows program and a web page. */
export const LIARS = {
  exe: text(
    "MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00This program cannot be run in DOS mode.",
  ),
  html: text("<!doctype html><html><script>alert(document.cookie)</script></html>"),
};

export const sampleFile = (bytes: Uint8Array, name: string) =>
  new File([bytes as Uint8Array<ArrayBuffer>], name);
