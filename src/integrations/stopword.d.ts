// Types of the `stopword` package, which ships none (DefinitelyTyped's are for version 2, whose
// lists had other names). Only what src/integrations/search-language.ts reads: each language's
// list, named by its ISO 639-3 code (`spa`, `deu`).

declare module 'stopword' {
  export const dan: readonly string[];
  export const deu: readonly string[];
  export const ell: readonly string[];
  export const fin: readonly string[];
  export const fra: readonly string[];
  export const gle: readonly string[];
  export const hye: readonly string[];
  export const ita: readonly string[];
  export const nld: readonly string[];
  export const nob: readonly string[];
  export const por: readonly string[];
  export const rus: readonly string[];
  export const spa: readonly string[];
  export const swe: readonly string[];
  export const ukr: readonly string[];
}
