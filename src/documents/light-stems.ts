// Light stemmers for scripts the search reads the same way whatever the site's language (by
// src/documents/search-terms.ts's stemTerm, and search_site_copy for Arabic): Arabic, its article
// and the letters people type either way; Hindi, the endings of number, case, gender and tense.

/**
 * The Arabic definite article at the start of a word, with a particle written onto it (`وال`
 * "and the", `بال` "with the", `كال` "as the", `فال` "so the", `لل` "for the"): Arabic writes
 * them as one word with the noun, so `ماء` would never find `الماء`. Light stemmers for Arabic
 * search strip them (Larkey, Ballesteros and Connell, "light10"); at least two letters must
 * remain, so `الف` stays whole. A lone `و` is left: too many words begin with it (`واحة`).
 */
const ARABIC_ARTICLE = /^(?:[وبكف]?ال|لل)(?=\p{Script=Arabic}{2})/u;

/**
 * The light stem of a word of Arabic letters: without its article (`للتمور` is read as `تمور`),
 * its last letter folded where people type either (`ة` as `ه`, `ى` as `ي`), so `المزرعة` and
 * `مزرعه` meet. Any other word as it is.
 */
export function stemArabicWord(word: string): string {
  if (!/^\p{Script=Arabic}+$/u.test(word)) return word;
  return word.replace(ARABIC_ARTICLE, '').replace(/ة$/u, 'ه').replace(/ى$/u, 'ي');
}

/**
 * The endings of Hindi nouns, adjectives and verbs, by length, longest first: plural and oblique
 * case (`मसालों`, `प्रयोगशालाओं`), gender and number (`अच्छी`), tense and aspect (`करेंगे`,
 * `बनाया`). The light stemmer of Ramanathan and Rao: no dictionary, the longest ending that
 * leaves a stem longer than one letter goes, so `मसाले`, `मसालों` and `मसाला` meet as `मसाल`
 * (A. Ramanathan and D. D. Rao, "A Lightweight Stemmer for Hindi", EACL 2003 workshop on
 * computational linguistics for South Asian languages; Lucene's HindiStemmer reads the same list).
 * A word comes folded (search-terms.ts's normalizeWord), its candrabindu read as the anusvara, so
 * `ाइयां` stands for `ाइयाँ` as well.
 */
const HINDI_ENDINGS = [
  'ाएंगी ाएंगे ाऊंगी ाऊंगा ाइयों ाइयां',
  'ाएगी ाएगा ाओगी ाओगे एंगी ेंगी एंगे ेंगे ूंगी ूंगा ातीं नाओं नाएं ताओं ताएं ियों ियां',
  'ाकर ाइए ाईं ाया ेगी ेगा ोगी ोगे ाने ाना ाते ाती ाता तीं ाओं ाएं ुओं ुएं ुआं',
  'कर ाओ िए ाई ाए ने नी ना ते ीं ती ता ां ों ें',
  'ो े ू ु ी ि ा',
].flatMap((endings) => endings.split(' '));

/** The light stem of a word of Devanagari letters (HINDI_ENDINGS); any other word as it is. */
export function stemHindiWord(word: string): string {
  if (!/^\p{Script=Devanagari}+$/u.test(word)) return word;
  const ending = HINDI_ENDINGS.find(
    (candidate) => word.endsWith(candidate) && word.length > candidate.length + 1,
  );
  return ending ? word.slice(0, -ending.length) : word;
}
