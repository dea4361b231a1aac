/**
 * Latin letters that Unicode gives no decomposition, so dropping accents (NFKD, then the marks)
 * leaves them as they are: Turkish's dotless `ı`, Polish's `ł`, Danish's and Norwegian's `ø`,
 * German's `ß`, Croatian's and Vietnamese's `đ`, Icelandic's `ð` and `þ`, Maltese's `ħ`, and the
 * ligatures `æ` and `œ`. People type them as the ASCII letters they stand for (`Lodz`, `Orsted`,
 * `Strasse`, a Turkish keyboard's `isilti` for `ışıltı`), as search engines and slugs read them.
 */
const LATIN_LETTERS: Readonly<Record<string, string>> = {
  ı: 'i',
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
  ẞ: 'SS',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
};

const LATIN_LETTER = new RegExp(`[${Object.keys(LATIN_LETTERS).join('')}]`, 'gu');

/** A text with the letters above written as the ASCII letters they stand for (`Łódź` → `Lódź`). */
export function foldLatinLetters(text: string): string {
  return text.replace(LATIN_LETTER, (letter) => LATIN_LETTERS[letter] ?? letter);
}

/**
 * A text without its accents or any other combining mark, and with the letters above as the ASCII
 * letters they stand for (`bảng giá` → `bang gia`, `Đà Lạt` → `Da Lat`): what an owner who types
 * a name or an id without them means. For comparing and suggesting only: the vowel signs of
 * Devanagari and Thai are marks too, and go.
 */
export function dropAccents(text: string): string {
  return foldLatinLetters(text.normalize('NFKD').replace(/\p{M}/gu, '')).normalize('NFC');
}

/**
 * A text as lower-case ASCII letters and digits with single hyphens (dropAccents, then anything
 * else a hyphen), cut to `maxLength` characters, no hyphen at either end: `Bảng giá` is
 * `bang-gia`; empty where no letter a to z or digit is left (a name in Thai or Devanagari).
 */
export function foldToKebabCase(text: string, maxLength = Infinity): string {
  return dropAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
