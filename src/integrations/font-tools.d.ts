// Types of the two font libraries the build uses, which ship none (DefinitelyTyped's subset-font
// lacks `keepFeatures`). Only what src/integrations/site-fonts.ts and east-asian-fonts.ts call.

declare module 'subset-font' {
  interface SubsetFontOptions {
    readonly targetFormat?: 'sfnt' | 'woff' | 'woff2';
    /** OpenType layout features to keep (all when left out). */
    readonly keepFeatures?: readonly string[];
    /** Pins an axis to a value, or narrows its range. */
    readonly variationAxes?: Readonly<
      Record<
        string,
        number | { readonly min: number; readonly max: number; readonly default?: number }
      >
    >;
  }
  /** @see https://github.com/papandreou/subset-font */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}

declare module 'fontverter' {
  /** @see https://github.com/papandreou/fontverter */
  /** Reads the format from the first bytes as text: give it a Buffer, not a bare Uint8Array. */
  export function convert(
    font: Buffer,
    toFormat: 'truetype' | 'sfnt' | 'woff' | 'woff2',
  ): Promise<Buffer>;
  const fontverter: { convert: typeof convert };
  export default fontverter;
}
