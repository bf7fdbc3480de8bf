/** The part of `fontverter` (untyped) the link-preview drawing uses. */
declare module "fontverter" {
  /** Converts font bytes between `sfnt` (`truetype`), `woff` and `woff2`; the source format is detected. */
  export function convert(buffer: Buffer, toFormat: "sfnt" | "truetype" | "woff" | "woff2"): Promise<Buffer>;
}
